import { and, count, eq, sql } from 'drizzle-orm';
import { PROFILE, ROLE_KINDS, type ListQuery } from '@portal/domain';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { grupos, usuarios } from '../../../db/schema.ts';
import { hasAny } from '../../../db/exists.ts';
import { updatedOrStale, versionLock } from '../../../db/version.ts';
import { folded, orderBy, pageOf, searchWhere, type SortSpec } from '../../../db/listing.ts';

type Row = typeof grupos.$inferSelect;

/** An access group as the API shows it: code, name, role kind and the five permission flags. */
export const toGroupDto = (r: Row) => ({
  id: r.id,
  nome: r.nome,
  papel: r.papel,
  papel_nome: ROLE_KINDS[r.papel]?.label ?? r.papel,
  cadastro: r.cadastro,
  cnpjs: r.cnpjs,
  relatorios: r.relatorios,
  empresas: r.empresas,
  usuarios: r.usuarios,
  version: r.version,
});
export type GroupDto = ReturnType<typeof toGroupDto>;

const SORT: SortSpec = {
  columns: { id: grupos.id, nome: folded(grupos.nome), papel: grupos.papel },
  fallback: { key: 'nome', order: 'asc' },
  tieBreaker: grupos.id,
};

export async function listGroups(db: DbOrTx, query: ListQuery) {
  const where = searchWhere(query.q, { text: [grupos.nome, grupos.papel, sql`${grupos.id}::text`] });
  const { limit, offset } = pageOf(query);
  const rows = await db
    .select()
    .from(grupos)
    .where(where)
    .orderBy(...orderBy(query, SORT))
    .limit(limit)
    .offset(offset);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(grupos).where(where);
  return { total, rows };
}

export async function findGroup(db: DbOrTx, id: number): Promise<Row | undefined> {
  const [row] = await db.select().from(grupos).where(eq(grupos.id, id));
  return row;
}

export const groupHasUsers = (db: DbOrTx, id: number) => hasAny(db, usuarios, eq(usuarios.idGrupo, id));

/** A profile-1 user is in the group: editing it edits the administrator's access. */
export const groupHoldsAdministrator = (db: DbOrTx, id: number) =>
  hasAny(db, usuarios, and(eq(usuarios.idGrupo, id), eq(usuarios.idPerfil, PROFILE.ADMINISTRADOR)));

type GroupValues = Omit<typeof grupos.$inferInsert, 'id' | 'version'>;

/** A new group under its code (the spec's numeric group code is its id). */
export const insertGroup = async (tx: Tx, id: number, values: GroupValues) =>
  (
    await tx
      .insert(grupos)
      .values({ id, ...values })
      .returning()
  )[0]!;

/** Updates the group as read; 409 when another save changed it since. */
export async function updateGroup(tx: Tx, before: Row, values: GroupValues) {
  const lock = versionLock(grupos.version, before.version);
  return updatedOrStale(
    await tx
      .update(grupos)
      .set({ ...values, ...lock.bump })
      .where(and(eq(grupos.id, before.id), lock.where))
      .returning(),
  );
}

export const deleteGroupRow = (tx: Tx, id: number) => tx.delete(grupos).where(eq(grupos.id, id));
