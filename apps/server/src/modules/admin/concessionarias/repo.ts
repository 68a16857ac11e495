import { and, count, eq, type SQL } from 'drizzle-orm';
import type { Flow, ListQuery } from '@portal/domain';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { concessionarias, solicitacoes } from '../../../db/schema.ts';
import { hasAny } from '../../../db/exists.ts';
import { nextVersion, updatedOrStale, versionLock } from '../../../db/version.ts';
import { activeFilter, folded, orderBy, pageOf, searchWhere, type SortSpec } from '../../../db/listing.ts';

type Row = typeof concessionarias.$inferSelect;

export const toConcessionariaDto = (r: Row) => ({
  id: r.id,
  nome: r.nome,
  sigla: r.sigla,
  fluxo: r.fluxo,
  ufs: r.ufs,
  ativo: r.ativo,
  version: r.version,
});
export type ConcessionariaDto = ReturnType<typeof toConcessionariaDto>;

const SORT: SortSpec = {
  columns: {
    nome: folded(concessionarias.nome),
    sigla: folded(concessionarias.sigla),
    fluxo: concessionarias.fluxo,
    ativo: concessionarias.ativo,
  },
  fallback: { key: 'nome', order: 'asc' },
  tieBreaker: concessionarias.id,
};

export async function listConcessionarias(db: DbOrTx, query: ListQuery & { fluxo?: Flow }) {
  const active = activeFilter(query.status);
  const where = and(
    query.fluxo ? eq(concessionarias.fluxo, query.fluxo) : undefined,
    active === undefined ? undefined : eq(concessionarias.ativo, active),
    searchWhere(query.q, { text: [concessionarias.nome, concessionarias.sigla] }),
  ) as SQL | undefined;
  const { limit, offset } = pageOf(query);
  const rows = await db
    .select()
    .from(concessionarias)
    .where(where)
    .orderBy(...orderBy(query, SORT))
    .limit(limit)
    .offset(offset);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(concessionarias).where(where);
  return { total, rows };
}

export async function findConcessionaria(db: DbOrTx, id: number): Promise<Row | undefined> {
  const [row] = await db.select().from(concessionarias).where(eq(concessionarias.id, id));
  return row;
}

export const concessionariaHasRequests = (db: DbOrTx, id: number) =>
  hasAny(db, solicitacoes, eq(solicitacoes.idConcessionaria, id));

type ConcessionariaValues = Omit<typeof concessionarias.$inferInsert, 'id' | 'version'>;

export const insertConcessionaria = async (tx: Tx, values: ConcessionariaValues) =>
  (await tx.insert(concessionarias).values(values).returning())[0]!;

/** Updates the concessionaire as read; 409 when another save changed it since. */
export async function updateConcessionaria(tx: Tx, before: Row, values: ConcessionariaValues) {
  const lock = versionLock(concessionarias.version, before.version);
  return updatedOrStale(
    await tx
      .update(concessionarias)
      .set({ ...values, ...lock.bump })
      .where(and(eq(concessionarias.id, before.id), lock.where))
      .returning(),
  );
}

export async function deactivateConcessionaria(tx: Tx, id: number) {
  const [row] = await tx
    .update(concessionarias)
    .set({ ativo: false, ...nextVersion(concessionarias.version) })
    .where(eq(concessionarias.id, id))
    .returning();
  return row!;
}

export const deleteConcessionariaRow = (tx: Tx, id: number) =>
  tx.delete(concessionarias).where(eq(concessionarias.id, id));
