import { and, count, eq, ne } from 'drizzle-orm';
import type { ListQuery } from '@portal/domain';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { regionais, solicitacoes, usuarioRegionais, usuarios } from '../../../db/schema.ts';
import { hasAny } from '../../../db/exists.ts';
import { updatedOrStale, versionLock } from '../../../db/version.ts';
import { folded, orderBy, pageOf, searchWhere, type SortSpec } from '../../../db/listing.ts';
import { isoDate } from '../../../http/replies.ts';

type Row = typeof regionais.$inferSelect;

/** A regional as the API shows it (spec part 2 §3 Regional). */
export const toRegionalDto = (r: Row) => ({
  id: r.id,
  regional: r.regional,
  gestor: r.gestor,
  email_gestor: r.emailGestor,
  focal1: r.focal1,
  nome_focal1: r.nomeFocal1,
  focal2: r.focal2,
  nome_focal2: r.nomeFocal2,
  focal3: r.focal3,
  nome_focal3: r.nomeFocal3,
  focal4: r.focal4,
  nome_focal4: r.nomeFocal4,
  ufs: r.ufs,
  cadastrado: isoDate(r.cadastrado),
  version: r.version,
});
export type RegionalDto = ReturnType<typeof toRegionalDto>;

const SORT: SortSpec = {
  columns: {
    regional: regionais.regional,
    gestor: folded(regionais.gestor),
    email_gestor: folded(regionais.emailGestor),
    cadastrado: regionais.cadastrado,
  },
  fallback: { key: 'regional', order: 'asc' },
  tieBreaker: regionais.id,
};

export async function listRegionals(db: DbOrTx, query: ListQuery) {
  const where = searchWhere(query.q, {
    text: [
      regionais.regional,
      regionais.gestor,
      regionais.emailGestor,
      regionais.nomeFocal1,
      regionais.nomeFocal2,
      regionais.nomeFocal3,
      regionais.nomeFocal4,
    ],
  });
  const { limit, offset } = pageOf(query);
  const rows = await db
    .select()
    .from(regionais)
    .where(where)
    .orderBy(...orderBy(query, SORT))
    .limit(limit)
    .offset(offset);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(regionais).where(where);
  return { total, rows };
}

export async function findRegional(db: DbOrTx, id: number): Promise<Row | undefined> {
  const [row] = await db.select().from(regionais).where(eq(regionais.id, id));
  return row;
}

export const regionalTaken = (db: DbOrTx, sigla: string, exceptId?: number) =>
  hasAny(
    db,
    regionais,
    and(eq(regionais.regional, sigla), exceptId ? ne(regionais.id, exceptId) : undefined),
  );

export const regionalHasRequests = (db: DbOrTx, id: number) =>
  hasAny(db, solicitacoes, eq(solicitacoes.regional, id));

export const regionalHasUsers = async (db: DbOrTx, id: number) =>
  (await hasAny(db, usuarioRegionais, eq(usuarioRegionais.idRegional, id))) ||
  (await hasAny(db, usuarios, eq(usuarios.idRegional, id)));

type RegionalValues = Omit<typeof regionais.$inferInsert, 'id' | 'version'>;

export const insertRegional = async (tx: Tx, values: RegionalValues) =>
  (await tx.insert(regionais).values(values).returning())[0]!;

/** Updates the regional as read; 409 when another save changed it since. */
export async function updateRegional(tx: Tx, before: Row, values: RegionalValues) {
  const lock = versionLock(regionais.version, before.version);
  return updatedOrStale(
    await tx
      .update(regionais)
      .set({ ...values, ...lock.bump })
      .where(and(eq(regionais.id, before.id), lock.where))
      .returning(),
  );
}

export const deleteRegionalRow = (tx: Tx, id: number) => tx.delete(regionais).where(eq(regionais.id, id));
