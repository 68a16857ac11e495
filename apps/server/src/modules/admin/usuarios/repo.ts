import { and, asc, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { companySide, type ListQuery, type Permissions, type RoleKind, type Side } from '@portal/domain';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import {
  anexos,
  empresas,
  grupos,
  historicoObservacoes,
  historicoStatus,
  perfis,
  regionais,
  solicitacoes,
  usuarioRegionais,
  usuarios,
} from '../../../db/schema.ts';
import { hasAny } from '../../../db/exists.ts';
import { activeFilter, folded, orderBy, pageOf, searchWhere, type SortSpec } from '../../../db/listing.ts';
import { nextVersion, updatedOrStale, versionLock } from '../../../db/version.ts';
import { isoDate } from '../../../http/replies.ts';

/** Every column but the password hash: it is never selected, so it can never be returned. */
const userColumns = {
  id: usuarios.id,
  name: usuarios.name,
  email: usuarios.email,
  idEmpresa: usuarios.idEmpresa,
  razaoSocial: empresas.razaoSocial,
  idGrupo: usuarios.idGrupo,
  grupoNome: grupos.nome,
  papel: grupos.papel,
  idPerfil: usuarios.idPerfil,
  perfilNome: perfis.nome,
  idRegional: usuarios.idRegional,
  ativo: usuarios.ativo,
  trocarSenha: usuarios.trocarSenha,
  telefone: usuarios.telefone,
  cnpj: usuarios.cnpj,
  cadastrado: usuarios.cadastrado,
  version: usuarios.version,
};

const baseQuery = (db: DbOrTx) =>
  db
    .select(userColumns)
    .from(usuarios)
    .innerJoin(grupos, eq(grupos.id, usuarios.idGrupo))
    .innerJoin(perfis, eq(perfis.id, usuarios.idPerfil))
    .leftJoin(empresas, eq(empresas.id, usuarios.idEmpresa));

type UserRow = Awaited<ReturnType<typeof baseQuery>>[number];

/** A user as the API shows it (spec part 2 §3 User), with the names the table displays. */
export const toUserDto = (r: UserRow, regionalIds: number[]) => ({
  id: r.id,
  name: r.name,
  email: r.email,
  id_empresa: r.idEmpresa,
  razao_social: r.razaoSocial,
  id_grupo: r.idGrupo,
  grupo_nome: r.grupoNome,
  papel: r.papel as RoleKind,
  id_perfil: r.idPerfil,
  perfil_nome: r.perfilNome,
  id_regional: r.idRegional,
  regionais: regionalIds,
  id_status: r.ativo,
  trocar_senha: r.trocarSenha,
  telefone: r.telefone,
  cnpj: r.cnpj,
  cadastrado: isoDate(r.cadastrado),
  version: r.version,
});
export type UserDto = ReturnType<typeof toUserDto>;

const SORT: SortSpec = {
  columns: {
    name: folded(usuarios.name),
    email: usuarios.email,
    razao_social: folded(empresas.razaoSocial),
    grupo_nome: folded(grupos.nome),
    cadastrado: usuarios.cadastrado,
    id_status: usuarios.ativo,
  },
  fallback: { key: 'name', order: 'asc' },
  tieBreaker: usuarios.id,
};

async function regionalsOf(db: DbOrTx, ids: number[]): Promise<Map<number, number[]>> {
  const byUser = new Map<number, number[]>(ids.map((id) => [id, []]));
  if (!ids.length) return byUser;
  const rows = await db
    .select()
    .from(usuarioRegionais)
    .where(inArray(usuarioRegionais.idUsuario, ids))
    .orderBy(asc(usuarioRegionais.idRegional));
  for (const r of rows) byUser.get(r.idUsuario)?.push(r.idRegional);
  return byUser;
}

export async function listUsers(db: DbOrTx, query: ListQuery): Promise<{ total: number; dados: UserDto[] }> {
  const active = activeFilter(query.status);
  const where = and(
    searchWhere(query.q, { text: [usuarios.name, usuarios.email, empresas.razaoSocial] }),
    active === undefined ? undefined : eq(usuarios.ativo, active),
  );
  const { limit, offset } = pageOf(query);
  const rows = await baseQuery(db)
    .where(where)
    .orderBy(...orderBy(query, SORT))
    .limit(limit)
    .offset(offset);
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(usuarios)
    .leftJoin(empresas, eq(empresas.id, usuarios.idEmpresa))
    .where(where);
  const regionalIds = await regionalsOf(
    db,
    rows.map((r) => r.id),
  );
  return { total, dados: rows.map((r) => toUserDto(r, regionalIds.get(r.id) ?? [])) };
}

export async function findUser(db: DbOrTx, id: number): Promise<UserDto | undefined> {
  const [row] = await baseQuery(db).where(eq(usuarios.id, id));
  if (!row) return undefined;
  return toUserDto(row, (await regionalsOf(db, [id])).get(id) ?? []);
}

export const emailTaken = (db: DbOrTx, email: string, exceptId?: number) =>
  hasAny(
    db,
    usuarios,
    and(
      sql`lower(${usuarios.email}) = ${email.toLowerCase()}`,
      exceptId ? ne(usuarios.id, exceptId) : undefined,
    ),
  );

/** The role kind and flags a user put in this group receives. */
export async function findGroupAccess(
  db: DbOrTx,
  id: number,
): Promise<{ papel: RoleKind; permissoes: Permissions } | undefined> {
  const [row] = await db.select().from(grupos).where(eq(grupos.id, id));
  if (!row) return undefined;
  const { papel, cadastro, cnpjs, relatorios, empresas, usuarios } = row;
  return { papel: papel as RoleKind, permissoes: { cadastro, cnpjs, relatorios, empresas, usuarios } };
}

/**
 * The role kinds of the users of each company that has any (what `companySide` reads), or of one
 * company; a company named by `id` that does not exist is absent from the map.
 */
export async function companyRoleKinds(db: DbOrTx, id?: number): Promise<Map<number, string[]>> {
  const rows = await db
    .selectDistinct({ empresa: empresas.id, papel: grupos.papel })
    .from(empresas)
    .leftJoin(usuarios, eq(usuarios.idEmpresa, empresas.id))
    .leftJoin(grupos, eq(grupos.id, usuarios.idGrupo))
    .where(id === undefined ? undefined : eq(empresas.id, id));
  const kinds = new Map<number, string[]>();
  for (const { empresa, papel } of rows) {
    const list = kinds.get(empresa) ?? [];
    if (papel) list.push(papel);
    kinds.set(empresa, list);
  }
  return kinds;
}

/** The side of a user's company; a user with none (the first administrator) is the telecom's. */
export const companySideOf = async (db: DbOrTx, id: number | null): Promise<Side> =>
  companySide(id === null ? [] : ((await companyRoleKinds(db, id)).get(id) ?? []));

/** The ids among `ids` that are regionals. */
export async function existingRegionals(db: DbOrTx, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: regionais.id })
    .from(regionais)
    .where(inArray(regionais.id, ids))
    .orderBy(asc(regionais.id));
  return rows.map((r) => r.id);
}

export async function replaceRegionals(db: DbOrTx, idUsuario: number, ids: number[]): Promise<void> {
  await db.delete(usuarioRegionais).where(eq(usuarioRegionais.idUsuario, idUsuario));
  if (ids.length)
    await db.insert(usuarioRegionais).values(ids.map((idRegional) => ({ idUsuario, idRegional })));
}

/** Requests, status or observation history, or attachments carry the user's id: deleting would lose who did it. */
export async function userHasHistory(db: DbOrTx, id: number): Promise<boolean> {
  const checks: [Parameters<typeof hasAny>[1], SQL][] = [
    [solicitacoes, eq(solicitacoes.idUsuario, id)],
    [historicoStatus, eq(historicoStatus.idUsuario, id)],
    [historicoObservacoes, eq(historicoObservacoes.idUsuario, id)],
    [anexos, eq(anexos.idUsuario, id)],
  ];
  for (const [table, where] of checks) if (await hasAny(db, table, where)) return true;
  return false;
}

type UserValues = Omit<typeof usuarios.$inferInsert, 'id' | 'version'>;

export const insertUser = async (tx: Tx, values: UserValues) =>
  (await tx.insert(usuarios).values(values).returning({ id: usuarios.id }))[0]!;

/** Updates the user as read; 409 when another save changed it since. */
export async function updateUser(
  tx: Tx,
  before: { id: number; version: number },
  values: Partial<UserValues>,
) {
  const lock = versionLock(usuarios.version, before.version);
  return updatedOrStale(
    await tx
      .update(usuarios)
      .set({ ...values, ...lock.bump })
      .where(and(eq(usuarios.id, before.id), lock.where))
      .returning({ id: usuarios.id }),
  );
}

export async function deactivateUser(tx: Tx, id: number) {
  await tx
    .update(usuarios)
    .set({ ativo: false, ...nextVersion(usuarios.version) })
    .where(eq(usuarios.id, id));
}

export const deleteUserRow = (tx: Tx, id: number) => tx.delete(usuarios).where(eq(usuarios.id, id));

/** What the user form's selectors list: companies, access groups, profiles and regionals. */
export const userFormChoices = async (db: DbOrTx) =>
  [
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
  ] as const;
