import { and, asc, count, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { DeParaTipo, ListQuery } from '@portal/domain';
import type { DeParaRow } from '@portal/domain/contracts/de-para';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { hasAny } from '../../db/exists.ts';
import { folded, orderBy, pageOf, searchWhere, type SortSpec } from '../../db/listing.ts';
import { concessionarias, dePara, regionais } from '../../db/schema.ts';
import { updatedOrStale, versionLock } from '../../db/version.ts';
import { isoDate } from '../../http/replies.ts';

type Row = typeof dePara.$inferSelect;
/** A mapping with the code of the regional its `para` names (tipo 'regional' only). */
export interface Mapping {
  row: Row;
  sigla: string | null;
}

export const toDeParaDto = ({ row, sigla }: Mapping): DeParaRow => ({
  id: row.id,
  tipo: row.tipo as DeParaTipo,
  de: row.de,
  para: row.para,
  para_rotulo: sigla ?? row.para,
  cadastrado: isoDate(row.cadastrado),
  version: row.version,
});

/** A regional mapping stores the regional's id as text, the way the import matches it. */
const regionalOfPara = and(eq(dePara.tipo, 'regional'), sql`${dePara.para} = ${regionais.id}::text`);
const paraShown = sql`coalesce(${regionais.regional}, ${dePara.para})`;

const SORT: SortSpec = {
  columns: {
    tipo: dePara.tipo,
    de: folded(dePara.de),
    para: folded(paraShown),
    para_rotulo: folded(paraShown),
    cadastrado: dePara.cadastrado,
  },
  fallback: { key: 'de', order: 'asc' },
  tieBreaker: dePara.id,
};

const mappings = (db: DbOrTx) =>
  db.select({ row: dePara, sigla: regionais.regional }).from(dePara).leftJoin(regionais, regionalOfPara);

export async function listDePara(db: DbOrTx, query: ListQuery & { tipo?: DeParaTipo }) {
  const where = and(
    query.tipo ? eq(dePara.tipo, query.tipo) : undefined,
    searchWhere(query.q, { text: [dePara.de, dePara.para, regionais.regional] }),
  ) as SQL | undefined;
  const { limit, offset } = pageOf(query);
  const rows = await mappings(db)
    .where(where)
    .orderBy(...orderBy(query, SORT))
    .limit(limit)
    .offset(offset);
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(dePara)
    .leftJoin(regionais, regionalOfPara)
    .where(where);
  return { total, rows };
}

export async function findDePara(db: DbOrTx, id: number): Promise<Mapping | undefined> {
  const [found] = await mappings(db).where(eq(dePara.id, id));
  return found;
}

/**
 * Serializes the saves of one tipo until their transactions end, so two saves of the same `de`
 * cannot both pass the check below. The unique index (tipo, lower(de)) alone would let 'ÉNEL' and
 * 'énel' through: PostgreSQL's lower() leaves accented capitals alone under the C locale.
 */
export const lockTipo = (tx: DbOrTx, tipo: DeParaTipo) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`de-para:${tipo}`}, 0))`);

const UPPER = 'ÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ';
const LOWER = 'áàâãäåéèêëíìîïóòôõöúùûüçñ';
/** The case the import compares `de` in (JavaScript's toLowerCase), accented capitals included. */
const caseFolded = (column: SQL | typeof dePara.de) => sql`lower(translate(${column}, ${UPPER}, ${LOWER}))`;

/** Whether another mapping of this tipo already translates `de`, whatever its case. */
export const deTaken = (db: DbOrTx, tipo: DeParaTipo, de: string, exceptId?: number) =>
  hasAny(
    db,
    dePara,
    and(
      eq(dePara.tipo, tipo),
      sql`${caseFolded(dePara.de)} = ${de.toLowerCase()}`,
      exceptId ? ne(dePara.id, exceptId) : undefined,
    ),
  );

/** Every registered concessionaire's name (both flows): the table is small and read by a person. */
export const concessionaireNames = (db: DbOrTx) =>
  db
    .select({ nome: concessionarias.nome, fluxo: concessionarias.fluxo })
    .from(concessionarias)
    .orderBy(asc(concessionarias.nome), asc(concessionarias.id));

export const regionalCodes = (db: DbOrTx) =>
  db
    .select({ id: regionais.id, regional: regionais.regional })
    .from(regionais)
    .orderBy(asc(regionais.regional));

export async function findRegionalCode(db: DbOrTx, id: number): Promise<string | undefined> {
  const [row] = await db.select({ regional: regionais.regional }).from(regionais).where(eq(regionais.id, id));
  return row?.regional;
}

type MappingValues = Pick<typeof dePara.$inferInsert, 'tipo' | 'de' | 'para'>;

export const insertDePara = async (tx: Tx, values: MappingValues) =>
  (await tx.insert(dePara).values(values).returning())[0]!;

/** Updates the mapping as read; 409 when another save changed it since. */
export async function updateDePara(tx: Tx, before: Row, values: MappingValues) {
  const lock = versionLock(dePara.version, before.version);
  return updatedOrStale(
    await tx
      .update(dePara)
      .set({ ...values, ...lock.bump })
      .where(and(eq(dePara.id, before.id), lock.where))
      .returning(),
  );
}

/** Deletes the mapping; false when another delete took it first. */
export async function deleteDeParaRow(tx: Tx, id: number): Promise<boolean> {
  const removed = await tx.delete(dePara).where(eq(dePara.id, id)).returning({ id: dePara.id });
  return removed.length > 0;
}
