import { companySide, ROLE_KINDS, type RoleKind } from '@portal/domain';
import type { Database } from '../../../db/client.ts';
import { companyRoleKinds, userFormChoices } from './repo.ts';

/** What the user form's selectors offer: companies, access groups, profiles and regionals. */
export async function userOptions(db: Database) {
  const [companies, groups, profiles, regionals] = await userFormChoices(db);
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
