import { createHash } from 'node:crypto';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { cleanCnpj, searchWords, type SearchWord } from '@portal/domain';
import type { DbOrTx } from './client.ts';
import { likeEscape } from './listing.ts';
import { empresas, regularizacoes, solicitacoes, usuarios } from './schema.ts';

/**
 * The one search condition (issue 34): the top bar's search, every request list's box, the
 * regularization lists and the reports build their text match here, so a text finds the same
 * records everywhere.
 *
 * Every word of the text must be found, in any order: anywhere in the row's search document (the
 * migration's function over its identifiers, address, CEP and tax ids, accents and case aside,
 * served by its GIN trigram index), or as part of the requester's or the requester's company's
 * name, or at the start of the company's CNPJ/CPF. A word with a digit and a mask
 * ('31.447.205', '01310-100') is also looked up without it, so a tax id or a CEP is found with or
 * without its mask. A text with no word of three characters has no trigram to look up: it matches
 * the start of the row's identifiers instead (their lower() indexes).
 *
 * The requesters and companies a word names are looked up first (small tables) and sent as plain
 * arrays: the planner then knows how many rows they hold (a subquery's count is a guess, and a rare
 * name was searched by walking the whole form).
 */
export interface SearchTarget {
  /** The row's search document (the stored column `busca`, migration 0017). */
  document: AnyColumn;
  /** Identifiers a short text matches at their start (each has a lower() text_pattern_ops index). */
  prefixColumns: AnyColumn[];
  /** The row's requester and company, when it has them. */
  requester?: AnyColumn;
  company?: AnyColumn;
}

/** What a search reads of a request: the lists, the reports and the top bar alike. */
export const REQUEST_SEARCH: SearchTarget = {
  document: solicitacoes.busca,
  prefixColumns: [solicitacoes.unidade, solicitacoes.enderecoId, solicitacoes.siteId],
  requester: solicitacoes.idUsuario,
  company: solicitacoes.idEmpresa,
};
/** What a search reads of a regularization (it has no requester). */
export const REGULARIZATION_SEARCH: SearchTarget = {
  document: regularizacoes.busca,
  prefixColumns: [regularizacoes.unidade, regularizacoes.enderecoId],
};

interface ResolvedWord extends SearchWord {
  requesters: number[];
  companies: number[];
}

/** A search ready to match: its words with the people and companies they name, or a prefix. */
export type ResolvedSearch =
  { kind: 'words'; words: ResolvedWord[] } | { kind: 'prefix'; text: string; requesters: number[] };

const contains = (word: string) => `%${likeEscape(word)}%`;

/** The users whose name holds `pattern`, accents and case aside (the same folding as documents). */
async function usersNamed(db: DbOrTx, pattern: string): Promise<number[]> {
  const rows = await db
    .select({ id: usuarios.id })
    .from(usuarios)
    .where(sql`public.portal_dobra(${usuarios.name}) like public.portal_dobra(${pattern})`);
  return rows.map((r) => r.id);
}

/** The companies whose name holds the word, or whose CNPJ/CPF starts with its characters. */
async function companiesNamed(db: DbOrTx, word: SearchWord): Promise<number[]> {
  const taxId = /\d/.test(word.text) ? cleanCnpj(word.text) : '';
  const rows = await db
    .select({ id: empresas.id })
    .from(empresas)
    .where(
      sql`public.portal_dobra(${empresas.razaoSocial}) like public.portal_dobra(${contains(word.text)})${
        taxId ? sql` or ${empresas.cnpj} like ${`${likeEscape(taxId)}%`}` : sql``
      }`,
    );
  return rows.map((r) => r.id);
}

/**
 * A search's words without the people they name: for rows with no requester (regularizations)
 * and for the reports, whose where-clause is built without reading the database first.
 */
export function wordSearch(q: string): ResolvedSearch {
  const words = searchWords(q);
  // The start of an identifier as typed (compatibility forms folded): the lower() indexes hold
  // the ids as stored, so the text is compared as the lists always compared it.
  if (words.length === 0) return { kind: 'prefix', text: q.normalize('NFKC').trim(), requesters: [] };
  return { kind: 'words', words: words.map((w) => ({ ...w, requesters: [], companies: [] })) };
}

/** Reads what the words name (requesters, companies) so the condition can be built. */
export async function resolveSearch(db: DbOrTx, q: string): Promise<ResolvedSearch> {
  const search = wordSearch(q);
  if (search.kind === 'prefix')
    return { ...search, requesters: await usersNamed(db, `${likeEscape(search.text)}%`) };
  return {
    kind: 'words',
    words: await Promise.all(
      search.words.map(async (word) => ({
        ...word,
        requesters: await usersNamed(db, contains(word.text)),
        companies: await companiesNamed(db, word),
      })),
    ),
  };
}

/**
 * The shape of a search's condition (its text varies with it), short enough for a prepared
 * statement's name (PostgreSQL keeps 63 characters of it): per word one digit of what it matches
 * besides the document — 1 the bare number, 2 requesters, 4 companies — hashed past eight words.
 */
export function searchShape(
  search: ResolvedSearch,
  target: Pick<SearchTarget, 'requester' | 'company'>,
): string {
  if (search.kind === 'prefix') return `x${target.requester && search.requesters.length ? 'u' : ''}`;
  const digits = search.words
    .map(
      (w) =>
        (w.bare ? 1 : 0) +
        (target.requester && w.requesters.length ? 2 : 0) +
        (target.company && w.companies.length ? 4 : 0),
    )
    .join('');
  return digits.length <= 8
    ? `w${digits}`
    : `h${createHash('sha256').update(digits).digest('base64url').slice(0, 10)}`;
}

/** The values of a search's placeholders (see `searchCondition` with `placeholders`). */
export function searchValues(search: ResolvedSearch): Record<string, unknown> {
  if (search.kind === 'prefix')
    return { busca_prefixo: `${likeEscape(search.text)}%`, busca_u: search.requesters };
  return Object.fromEntries(
    search.words.flatMap((w, i) => [
      [`busca_p${i}`, contains(w.text)],
      [`busca_b${i}`, w.bare ? contains(w.bare) : null],
      [`busca_u${i}`, w.requesters],
      [`busca_e${i}`, w.companies],
    ]),
  );
}

/**
 * The condition: its values bound in place, or (`placeholders`) left as the named placeholders
 * `searchValues` fills, for a prepared statement whose name carries `searchShape`.
 */
export function searchCondition(
  target: SearchTarget,
  search: ResolvedSearch,
  options: { placeholders?: boolean } = {},
): SQL {
  const values = searchValues(search);
  const value = (name: string) => (options.placeholders ? sql.placeholder(name) : sql.param(values[name]));
  if (search.kind === 'prefix') {
    const pattern = value('busca_prefixo');
    const parts = target.prefixColumns.map((c) => sql`lower(${c}) like lower(${pattern})`);
    if (target.requester && search.requesters.length)
      parts.push(sql`${target.requester} = any(${value('busca_u')})`);
    return sql`(${sql.join(parts, sql` or `)})`;
  }
  const perWord = search.words.map((w, i) => {
    const parts = [sql`${target.document} like public.portal_dobra(${value(`busca_p${i}`)})`];
    if (w.bare) parts.push(sql`${target.document} like public.portal_dobra(${value(`busca_b${i}`)})`);
    if (target.requester && w.requesters.length)
      parts.push(sql`${target.requester} = any(${value(`busca_u${i}`)})`);
    if (target.company && w.companies.length)
      parts.push(sql`${target.company} = any(${value(`busca_e${i}`)})`);
    return sql`(${sql.join(parts, sql` or `)})`;
  });
  return sql`(${sql.join(perWord, sql` and `)})`;
}
