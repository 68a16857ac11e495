import { and, count, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import { AUDIT_LOG_MAX_ROWS, type AuditLogListBody } from '@portal/domain/contracts/audit-log';
import type { AuditAction } from '../../audit/actions.ts';
import type { Database, DbOrTx, Tx } from '../../db/client.ts';
import { countLimitFor, pageOf } from '../../db/listing.ts';
import { auditLog, concessionarias, regionais, usuarios } from '../../db/schema.ts';
import { anyOf, startOfDay, startOfNextDay } from '../../db/report-sql.ts';

/**
 * How far `id` order may stray from `created_at` order. `created_at` is the transaction's start and
 * `id` is taken at the insert, so a save that runs long (an import) or a clock set back a little
 * writes rows out of time order; a day covers both with room to spare.
 */
const SLACK = sql.raw(`interval '1 day'`);

/**
 * A period as bounds on `id` besides `created_at`: every list reads newest first along an index
 * that ends in `id` (the primary key, or the filter's (column, id) index), so an id range keeps
 * an old period as cheap as today's. The bounds come from the rows written
 * outside the period by more than SLACK (two probes of audit_log_data_idx), so a slow
 * transaction's row is never cut off; `created_at` then decides exactly.
 */
function periodConditions(de: string | null | undefined, ate: string | null | undefined): SQL[] {
  const conditions: SQL[] = [];
  if (de) {
    conditions.push(
      sql`${auditLog.createdAt} >= ${startOfDay(de)}`,
      sql`${auditLog.id} > coalesce((select p.id from audit_log p
        where p.created_at < ${startOfDay(de)} - ${SLACK}
        order by p.created_at desc limit 1), 0)`,
    );
  }
  if (ate) {
    conditions.push(
      sql`${auditLog.createdAt} < ${startOfNextDay(ate)}`,
      sql`${auditLog.id} < coalesce((select n.id from audit_log n
        where n.created_at >= ${startOfNextDay(ate)} + ${SLACK}
        order by n.created_at limit 1), 9223372036854775807)`,
    );
  }
  return conditions;
}

const whereOf = (query: AuditLogListBody) =>
  and(
    query.id_usuario === undefined ? undefined : eq(auditLog.idUsuario, query.id_usuario),
    query.entidade === undefined ? undefined : eq(auditLog.entidade, query.entidade),
    // Any action the log holds, a newer version's included (the contract checks its shape only).
    query.acao === undefined ? undefined : eq(auditLog.acao, query.acao as AuditAction),
    ...periodConditions(query.de, query.ate),
  );

export interface AuditLogEntry {
  id: number;
  createdAt: Date;
  usuario: string | null;
  acao: string;
  entidade: string;
  entidadeId: string | null;
  antes: unknown;
  depois: unknown;
  ip: string | null;
}

/** How far a page's total counts (db/listing.ts), never past AUDIT_LOG_MAX_ROWS: as deep as a page may go. */
const logCountLimitFor = (offset: number, perPage: number) =>
  Math.min(AUDIT_LOG_MAX_ROWS, countLimitFor(offset, perPage));

/**
 * One page of entries, newest first, and the filter's total counted up to logCountLimitFor, both read
 * in one snapshot: every sign-in writes an entry, and a total counted a moment after the page
 * would disagree with the rows it shows.
 */
export function listEntries(db: Database, query: AuditLogListBody) {
  return db.transaction((tx) => readPage(tx, query), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

/**
 * The ids of a page, newest first: paging forward from the row seen last (`apos`), or by the
 * page's number. Only these rows are then read in full (their before and after can be large).
 */
export function pageIdsQuery(db: DbOrTx, query: AuditLogListBody) {
  const where = whereOf(query);
  const { limit, offset } = pageOf(query);
  const after = query.apos === undefined ? null : lt(auditLog.id, query.apos);
  return db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(after ? and(where, after) : where)
    .orderBy(desc(auditLog.id))
    .limit(limit)
    .offset(after ? 0 : offset);
}

/** The filter's rows counted up to `limit` + 1 (enough to tell "more than"). */
export function cappedCountQuery(db: DbOrTx, query: AuditLogListBody, limit: number) {
  return db.select({ total: count() }).from(
    db
      .select({ one: sql`1`.as('one') })
      .from(auditLog)
      .where(whereOf(query))
      .limit(limit + 1)
      .as('capped'),
  );
}

async function readPage(db: Tx, query: AuditLogListBody) {
  const { limit, offset } = pageOf(query);
  const countLimit = logCountLimitFor(offset, limit);
  const page = pageIdsQuery(db, query).as('page');
  // One connection serves a transaction: the page, then its total.
  const rows = await db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      usuario: usuarios.name,
      acao: auditLog.acao,
      entidade: auditLog.entidade,
      entidadeId: auditLog.entidadeId,
      antes: auditLog.antes,
      depois: auditLog.depois,
      ip: auditLog.ip,
    })
    .from(page)
    .innerJoin(auditLog, eq(auditLog.id, page.id))
    .leftJoin(usuarios, eq(usuarios.id, auditLog.idUsuario))
    .orderBy(desc(auditLog.id));
  const [{ total } = { total: 0 }] = await cappedCountQuery(db, query, countLimit);
  return {
    rows: rows as AuditLogEntry[],
    total: Math.min(total, countLimit),
    limited: total > countLimit,
  };
}

/**
 * The distinct values of an indexed column, one index probe each (a skip scan: PostgreSQL has
 * none of its own), so a million rows with twenty users cost twenty probes, not a million reads.
 */
const distinctValues = (column: 'id_usuario' | 'entidade' | 'acao') => {
  const c = sql.raw(column);
  return sql`with recursive v(value) as (
    (select ${c} from audit_log where ${c} is not null order by ${c} limit 1)
    union all
    select (select a.${c} from audit_log a where a.${c} > v.value order by a.${c} limit 1)
    from v where v.value is not null
  ) select value from v where value is not null`;
};

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export async function distinctUsers(db: DbOrTx) {
  const result = await db.execute(sql`
    select u.id, u.name from (${distinctValues('id_usuario')}) d
    join ${usuarios} u on u.id = d.value
    order by u.name, u.id`);
  return rowsOf<{ id: number; name: string }>(result);
}

export async function distinctEntities(db: DbOrTx) {
  return rowsOf<{ value: string }>(await db.execute(distinctValues('entidade'))).map((r) => r.value);
}

export async function distinctActions(db: DbOrTx) {
  return rowsOf<{ value: string }>(await db.execute(distinctValues('acao'))).map((r) => r.value);
}

/** The names of the regionals and concessionaires a page of entries refers to by id. */
export async function namesOf(db: DbOrTx, ids: { regionais: number[]; concessionarias: number[] }) {
  const [regionals, concessionaires] = await Promise.all([
    ids.regionais.length
      ? db
          .select({ id: regionais.id, nome: regionais.regional })
          .from(regionais)
          .where(anyOf(regionais.id, ids.regionais))
      : [],
    ids.concessionarias.length
      ? db
          .select({ id: concessionarias.id, nome: concessionarias.nome })
          .from(concessionarias)
          .where(anyOf(concessionarias.id, ids.concessionarias))
      : [],
  ]);
  return {
    regionais: new Map(regionals.map((r) => [r.id, r.nome])),
    concessionarias: new Map(concessionaires.map((c) => [c.id, c.nome])),
  };
}
