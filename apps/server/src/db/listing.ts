import { and, asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { cleanCnpj, type ListQuery } from '@portal/domain';
import { unprocessable } from '../http/errors.ts';

/**
 * Server-side search, sort and paging shared by every administration list.
 *
 * Search: the old screens used a fuzzy matcher (threshold 0.3). Without database extensions
 * (PGlite ships no pg_trgm/unaccent) we approximate it with what users notice most: case- and
 * accent-insensitive, word by word (every word must appear in some column, in any order).
 */

const ACCENTED = 'áàâãäåéèêëíìîïóòôõöúùûüçñÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ';
const PLAIN = 'aaaaaaeeeeiiiiooooouuuucnaaaaaaeeeeiiiiooooouuuucn';

/**
 * lower() alone does not fold non-ASCII letters under the C locale, hence translate() both cases.
 * A search folds its text with this same expression, in the database: folded in JavaScript it
 * lost letters the list does not know ('Satō' became 'sato' and never met 'satō').
 */
export const folded = (column: AnyColumn | SQL): SQL =>
  sql`translate(lower(${column}), ${ACCENTED}, ${PLAIN})`;

export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface SearchColumns {
  /** Free-text columns (names, e-mails, cities). */
  text: (AnyColumn | SQL)[];
  /** Tax-id columns stored without mask: the typed mask is ignored when matching them. */
  taxIds?: AnyColumn[];
}

export function searchWhere(q: string | undefined, columns: SearchColumns): SQL | undefined {
  if (!q) return undefined;
  const words = q.split(/\s+/).filter(Boolean);
  return and(
    ...words.map((word) => {
      const pattern = folded(sql`${`%${likeEscape(word)}%`}`);
      const text = columns.text.map((c) => sql`${folded(c)} like ${pattern}`);
      // Only a word with a digit can be (part of) a tax id; letters alone would match alphanumeric CNPJs by chance.
      const taxId = /\d/.test(word) ? cleanCnpj(word) : '';
      const ids = taxId ? (columns.taxIds ?? []).map((c) => sql`${c} like ${`%${taxId}%`}`) : [];
      return sql`(${sql.join([...text, ...ids], sql` or `)})`;
    }),
  );
}

export interface SortSpec {
  /** API column name → expression; only these may be sorted on. */
  columns: Record<string, AnyColumn | SQL>;
  /** Used when the call names no column. */
  fallback: { key: string; order: 'asc' | 'desc' };
  /** Appended last, in the same direction, so pages never overlap when sort values tie. */
  tieBreaker: AnyColumn;
}

/** The sort a list call asks for, checked against the spec: its key, column and direction. */
export function sortOf(query: Pick<ListQuery, 'sort' | 'order'>, spec: SortSpec) {
  const key = query.sort ?? spec.fallback.key;
  // Own keys only: `constructor` or `__proto__` would otherwise find Object's members.
  // A column outside the list's: an option outside its list (422), as the schema's format check says.
  if (!Object.hasOwn(spec.columns, key)) throw unprocessable('Ordenação inválida.', 'sort');
  return { key, column: spec.columns[key]!, order: query.sort ? query.order : spec.fallback.order };
}

export function orderBy(query: Pick<ListQuery, 'sort' | 'order'>, spec: SortSpec): SQL[] {
  const { column, order } = sortOf(query, spec);
  const direction = order === 'asc' ? asc : desc;
  // One direction for both keys, so a two-column index serves the order either way.
  return [direction(column), direction(spec.tieBreaker)];
}

export const pageOf = (query: Pick<ListQuery, 'page' | 'per_page'>) => ({
  limit: query.per_page,
  offset: (query.page - 1) * query.per_page,
});

/** The fewest rows a capped total counts before it says "more than", and how many pages it looks ahead. */
const COUNT_AT_LEAST = 1_000;
const PAGES_AHEAD = 10;

/**
 * How far a capped total counts for a page (docs/decisions/lists-and-search.md, D-LST-009): an exact count of a million rows,
 * or of a filter no index narrows, costs far more than the page. It counts ten pages past this one
 * (at least 1,000 rows), so the pager always offers the next pages and page 1 stays cheap; deeper
 * pages count further.
 */
export const countLimitFor = (offset: number, perPage: number) =>
  Math.max(COUNT_AT_LEAST, offset + PAGES_AHEAD * perPage);

/** The `status` filter of lists whose rows are active or not: 1 active, 0 inactive. */
export function activeFilter(status: number | undefined): boolean | undefined {
  if (status === undefined) return undefined;
  if (status > 1) throw unprocessable('Status inválido.', 'status');
  return status === 1;
}
