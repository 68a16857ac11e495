import { asc } from 'drizzle-orm';
import { companySide, ROLE_KINDS, type RoleKind } from '@portal/domain';
import type { Database } from '../../../db/client.ts';
import { empresas, grupos, perfis, regionais } from '../../../db/schema.ts';
import { companyRoleKinds } from './repo.ts';

/** What the user form's selectors offer: companies, access groups, profiles and regionals. */
export async function userOptions(db: Database) {
  const [companies, groups, profiles, regionals] = [
    await db
      .select({
        id: empresas.id,
        razao_social: empresas.razaoSocial,
        fluxo: empresas.fluxo,
        status: empresas.status,
      })
      .from(empresas)
      .orderBy(asc(empresas.razaoSocial), asc(empresas.id)),
    await db
      .select({ id: grupos.id, nome: grupos.nome, papel: grupos.papel })
      .from(grupos)
      .orderBy(asc(grupos.nome)),
    await db.select().from(perfis).orderBy(asc(perfis.id)),
    await db
      .select({ id: regionais.id, regional: regionais.regional })
      .from(regionais)
      .orderBy(asc(regionais.id)),
  ];
  // Each company's side, so the form offers only those the administrator may place users in.
  const kinds = await companyRoleKinds(db);
  return {
    empresas: companies.map((c) => ({ ...c, lado: companySide(kinds.get(c.id) ?? []) })),
    grupos: groups.map((g) => ({
      ...g,
      papel: g.papel as RoleKind,
      papel_nome: ROLE_KINDS[g.papel as RoleKind]?.label ?? g.papel,
    })),
    perfis: profiles,
    regionais: regionals,
  };
}
