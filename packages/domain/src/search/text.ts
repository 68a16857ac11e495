import { FIELD_MAX } from '../validators/field-limits.ts';

/**
 * The search box's text (issue 34): one rule for the top bar's search, every list's box and the
 * reports, checked by the server and mirrored by the web before it sends anything.
 */
export const SEARCH_MAX_LENGTH = FIELD_MAX.search;
/** A word of this length or more is looked up anywhere (a trigram needs three characters). */
export const SEARCH_WORD_MIN_LENGTH = 3;

/** What every search box searches, said under the box (its placeholder stays short). */
export const SEARCH_HINT =
  'Busca por UC, medidor, Endereço ID, Site ID, matrícula/RGI, protocolo, CNPJ/CPF, rua, número, bairro, cidade, CEP, solicitante ou empresa. Acentos e maiúsculas não importam.';
export const SEARCH_PLACEHOLDER = 'Buscar solicitações…';

export const SEARCH_TOO_LONG = `A busca pode ter no máximo ${SEARCH_MAX_LENGTH} caracteres.`;
export const SEARCH_NO_LETTERS =
  'Digite letras ou números para buscar: a busca só com sinais não encontra nada.';
export const SEARCH_BAD_CHARACTERS = 'A busca contém caracteres inválidos.';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * Why this search text is refused, or null: over the maximum, holding a NUL or a lone surrogate,
 * or with no letter or digit at all ('...', '-/-'), which would match everything or nothing.
 * An empty text is no search (null): the box is simply cleared.
 */
export function searchTextProblem(q: string): string | null {
  if (q.length > SEARCH_MAX_LENGTH) return SEARCH_TOO_LONG;
  if (q.includes('\u0000') || LONE_SURROGATE.test(q)) return SEARCH_BAD_CHARACTERS;
  if (q.trim() !== '' && !LETTER_OR_DIGIT.test(q)) return SEARCH_NO_LETTERS;
  return null;
}

/** Separators a tax id, a CEP or an identifier is typed with: '31.447.205/0001-43', '01310-100'. */
const MASK = /[./-]/g;

/** One word of a search as it is matched: its text and, for a masked number, its bare characters. */
export interface SearchWord {
  text: string;
  /** The word without its mask ('31.447.205' → '31447205') when it has a digit and a mask; else null. */
  bare: string | null;
}

/**
 * The text as the database compares it: compatibility forms folded (fullwidth digits '３１' are
 * '31'), combining marks and invisible format characters dropped. Case and the remaining accents
 * are folded by the database (`portal_dobra`: unaccent and lower), on both sides alike.
 */
export const searchableText = (q: string): string =>
  q
    .normalize('NFKD')
    .replace(/[\p{M}\p{Cf}]/gu, '')
    .normalize('NFC')
    .trim();

/**
 * The words of a search, every one of which must be found (in any field, in any order). Words of
 * fewer than three characters narrow nothing when a longer word is typed ('Rua 12' searches
 * 'Rua'... and '12' is ignored), since no index finds them anywhere; a text with no longer word
 * is searched as the start of the identifiers instead (`isPrefixSearch`).
 */
export function searchWords(q: string): SearchWord[] {
  const words = searchableText(q)
    .split(/\s+/u)
    .filter((w) => LETTER_OR_DIGIT.test(w));
  const long = words.filter((w) => w.length >= SEARCH_WORD_MIN_LENGTH);
  const unique = [...new Set(long)];
  return unique.map((text) => {
    const bare = /\d/.test(text) ? text.replace(MASK, '') : text;
    return { text, bare: bare !== text && bare.length > 0 ? bare : null };
  });
}

/** Whether a search has no word long enough to be looked up anywhere: it matches the ids' start. */
export const isPrefixSearch = (q: string): boolean => searchWords(q).length === 0;
