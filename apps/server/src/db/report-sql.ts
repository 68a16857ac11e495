import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

// SQL pieces the reports' and the audit log's repositories share.

/** How many rows an export reads per statement: one batch in memory at a time. */
export const EXPORT_BATCH = 1000;

/** The portal's wall clock: reports show (and filter) dates as the users in Brazil read them. */
const ZONE = sql.raw(`'America/Sao_Paulo'`);

/** An instant as that wall clock's ISO text (yyyy-mm-ddThh:mm:ss), the reports' `datetime`. */
export const wallClock = (column: AnyColumn | SQL) =>
  sql<string | null>`to_char(${column} at time zone ${ZONE}, 'YYYY-MM-DD"T"HH24:MI:SS')`;

/** The first instant of a calendar day, and of the day after, on that clock. */
export const startOfDay = (isoDate: string) => sql`(${isoDate}::date)::timestamp at time zone ${ZONE}`;
export const startOfNextDay = (isoDate: string) =>
  sql`(${isoDate}::date + 1)::timestamp at time zone ${ZONE}`;

/**
 * The observations of a record as one text, oldest first: 'dd/mm/aaaa hh:mm Nome: texto', entries
 * separated by ' | ' (the report's historico_string; docs/decisions/reports-and-exports.md, D-REP-004).
 */
export const observationsText = (when: AnyColumn, who: AnyColumn, text: AnyColumn, id: AnyColumn) =>
  sql<
    string | null
  >`string_agg(to_char(${when} at time zone ${ZONE}, 'DD/MM/YYYY HH24:MI') || ' ' || ${who} || ': ' || ${text}, ' | ' order by ${when}, ${id})`;

/** `column = any(ids)`: one array parameter, whatever the batch's size. */
export const anyOf = (column: AnyColumn, ids: number[]) => sql`${column} = any(${sql.param(ids)})`;

/** Rows read by id, put back in the order of the ids. */
export function inOrderOf<T extends { id: number }>(ids: number[], rows: T[]): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
