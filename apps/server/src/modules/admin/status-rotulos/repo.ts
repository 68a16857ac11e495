import { and, asc, count, eq } from 'drizzle-orm';
import { type StatusLabelKind } from '@portal/domain';
import type { Flow, ListQuery } from '@portal/domain';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { statusRotulos } from '../../../db/schema.ts';
import { updatedOrStale, versionLock } from '../../../db/version.ts';
import { folded, orderBy, pageOf, searchWhere, type SortSpec } from '../../../db/listing.ts';

type Row = typeof statusRotulos.$inferSelect;

export const toStatusLabelDto = (r: Row) => ({
  id: r.id,
  fluxo: r.fluxo,
  tipo: r.tipo as StatusLabelKind,
  codigo: r.codigo,
  rotulo: r.rotulo,
  version: r.version,
});
export type StatusLabelDto = ReturnType<typeof toStatusLabelDto>;

const SORT: SortSpec = {
  columns: {
    codigo: statusRotulos.codigo,
    rotulo: folded(statusRotulos.rotulo),
    tipo: statusRotulos.tipo,
    fluxo: statusRotulos.fluxo,
  },
  fallback: { key: 'codigo', order: 'asc' },
  tieBreaker: statusRotulos.id,
};

export async function listStatusLabels(
  db: DbOrTx,
  query: ListQuery & { fluxo?: Flow; tipo?: StatusLabelKind },
) {
  const where = and(
    query.fluxo ? eq(statusRotulos.fluxo, query.fluxo) : undefined,
    query.tipo ? eq(statusRotulos.tipo, query.tipo) : undefined,
    query.status === undefined ? undefined : eq(statusRotulos.codigo, query.status),
    searchWhere(query.q, { text: [statusRotulos.rotulo] }),
  );
  const { limit, offset } = pageOf(query);
  const rows = await db
    .select()
    .from(statusRotulos)
    .where(where)
    .orderBy(...orderBy(query, SORT))
    .limit(limit)
    .offset(offset);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(statusRotulos).where(where);
  return { total, rows };
}

export async function findStatusLabel(db: DbOrTx, id: number): Promise<Row | undefined> {
  const [row] = await db.select().from(statusRotulos).where(eq(statusRotulos.id, id));
  return row;
}

/** Renames the status as read; 409 when another save changed it since. */
export async function renameStatusLabel(tx: Tx, before: Row, rotulo: string) {
  const lock = versionLock(statusRotulos.version, before.version);
  return updatedOrStale(
    await tx
      .update(statusRotulos)
      .set({ rotulo, ...lock.bump })
      .where(and(eq(statusRotulos.id, before.id), lock.where))
      .returning(),
  );
}

/** Every flow's labels, for the lists, badges and selectors of every signed-in user. */
export const allStatusLabels = (db: DbOrTx) =>
  db
    .select({
      fluxo: statusRotulos.fluxo,
      tipo: statusRotulos.tipo,
      codigo: statusRotulos.codigo,
      rotulo: statusRotulos.rotulo,
    })
    .from(statusRotulos)
    .orderBy(asc(statusRotulos.codigo));
