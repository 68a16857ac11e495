import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { ListQuery, RefusalMove } from '@portal/domain';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { motivosRecusa } from '../../../db/schema.ts';
import { hasAny } from '../../../db/exists.ts';
import { updatedOrStale, versionLock } from '../../../db/version.ts';
import { folded, orderBy, pageOf, searchWhere, type SortSpec } from '../../../db/listing.ts';
import { isoDate } from '../../../http/replies.ts';

type Row = typeof motivosRecusa.$inferSelect;

export const toReasonDto = (r: Row) => ({
  id: r.id,
  movimento: r.movimento,
  nome: r.nome,
  ativo: r.ativo,
  cadastrado: isoDate(r.cadastrado),
  version: r.version,
});
export type ReasonDto = ReturnType<typeof toReasonDto>;

const SORT: SortSpec = {
  columns: {
    movimento: motivosRecusa.movimento,
    nome: folded(motivosRecusa.nome),
    ativo: motivosRecusa.ativo,
    cadastrado: motivosRecusa.cadastrado,
  },
  fallback: { key: 'movimento', order: 'asc' },
  tieBreaker: motivosRecusa.id,
};

export async function listReasons(db: DbOrTx, query: ListQuery & { movimento?: RefusalMove }) {
  const where = and(
    query.movimento ? eq(motivosRecusa.movimento, query.movimento) : undefined,
    searchWhere(query.q, { text: [motivosRecusa.nome] }),
  );
  const { limit, offset } = pageOf(query);
  const rows = await db
    .select()
    .from(motivosRecusa)
    .where(where)
    .orderBy(...orderBy(query, SORT))
    .limit(limit)
    .offset(offset);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(motivosRecusa).where(where);
  return { total, rows };
}

/** The active reasons of one move, by name: what the action dialogs offer. */
export const activeReasonsOf = (db: DbOrTx, movimento: RefusalMove) =>
  db
    .select({ id: motivosRecusa.id, nome: motivosRecusa.nome })
    .from(motivosRecusa)
    .where(and(eq(motivosRecusa.movimento, movimento), eq(motivosRecusa.ativo, true)))
    .orderBy(asc(motivosRecusa.nome), asc(motivosRecusa.id));

export async function findReason(db: DbOrTx, id: number): Promise<Row | undefined> {
  const [row] = await db.select().from(motivosRecusa).where(eq(motivosRecusa.id, id));
  return row;
}

/** Another reason of the same move already has this name (the unique index would refuse it). */
export const reasonNameTaken = (db: DbOrTx, movimento: RefusalMove, nome: string, exceptId?: number) =>
  hasAny(
    db,
    motivosRecusa,
    and(
      eq(motivosRecusa.movimento, movimento),
      // Case and accents aside: 'DOCUMENTO ILEGÍVEL' beside 'Documento ilegível' is one reason twice in the dialog.
      eq(folded(motivosRecusa.nome), folded(sql`${nome}`)),
      exceptId ? ne(motivosRecusa.id, exceptId) : undefined,
    ),
  );

export const insertReason = async (
  tx: Tx,
  values: { movimento: RefusalMove; nome: string; ativo: boolean },
) => (await tx.insert(motivosRecusa).values(values).returning())[0]!;

/** Renames or (de)activates the reason as read; 409 when another save changed it since. */
export async function updateReason(tx: Tx, before: Row, values: { nome: string; ativo: boolean }) {
  const lock = versionLock(motivosRecusa.version, before.version);
  return updatedOrStale(
    await tx
      .update(motivosRecusa)
      .set({ ...values, ...lock.bump })
      .where(and(eq(motivosRecusa.id, before.id), lock.where))
      .returning(),
  );
}
