import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../catalogs/enums.ts';
import { codesOf } from '../catalogs/options.ts';
import { DIVERGENCE_TYPES } from '../catalogs/regularization.ts';
import { FIELD_MAX } from '../validators/field-limits.ts';
import { isRequestStatus, REQUEST_STATUSES } from '../catalogs/request-status.ts';
import { UFS } from '../catalogs/ufs.ts';
import { searchTextProblem } from '../search/text.ts';
import {
  isStorableText,
  MAX_ID,
  MAX_SMALLINT,
  messages,
  optionalCode,
  optionalDate,
  optionalId,
  optionalRecordId,
} from './fields.ts';

/**
 * Every list call (spec §7 "…/list", with the paging the guide adds). id_empresa, id_grupo and
 * id_regional are not read: the scope comes from the session. With `id` the call reads one record.
 */
export const SEARCH_MIN_LENGTH = 2;
/** From this length the request lists' search looks anywhere in the ids; shorter, at their start (issue 15). */
export const SEARCH_CONTAINS_MIN_LENGTH = 3;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const toNumber = (v: unknown) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v);

export const listQuery = z.object({
  id: optionalRecordId,
  page: z.preprocess(
    toNumber,
    z
      .number({ error: 'Página inválida.' })
      .int('Página inválida.')
      .min(1, 'Página inválida.')
      .max(MAX_ID, 'Página inválida.')
      .default(1),
  ),
  per_page: z.preprocess(
    toNumber,
    z
      .number({ error: 'Quantidade por página inválida.' })
      .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), 'Quantidade por página inválida.')
      // The fixed set the refinement enforces, for the OpenAPI document (a refinement has no JSON form).
      .meta({ enum: [...PAGE_SIZES] })
      .default(DEFAULT_PAGE_SIZE),
  ),
  /** Quick search; shorter than two characters it searches nothing (spec part 1 §9). */
  q: z.preprocess(
    // Composed as saved text is (cleanTypedText): 'A' and a combining tilde are the 'Ã' stored.
    (v) => blankToUndefined(typeof v === 'string' ? v.normalize('NFC') : v),
    z
      .string({ error: 'Busca inválida.' })
      .trim()
      .max(FIELD_MAX.search, `A busca pode ter no máximo ${FIELD_MAX.search} caracteres.`)
      .refine(isStorableText, messages.characters('Busca'))
      // Only punctuation ('...', '%_') is refused as the top bar's search is (issue 34, one rule).
      .superRefine((q, ctx) => {
        const problem = q.length <= FIELD_MAX.search ? searchTextProblem(q) : null;
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .transform((q) => (q.length < SEARCH_MIN_LENGTH ? undefined : q))
      .optional(),
  ),
  /** A status code; absent (or 'Todos') lists every status. */
  status: z.preprocess(
    (v) => (v === 'Todos' ? undefined : toNumber(blankToUndefined(v))),
    z
      .number({ error: 'Status inválido.' })
      .int('Status inválido.')
      .nonnegative('Status inválido.')
      .max(MAX_SMALLINT, 'Status inválido.')
      .optional(),
  ),
  /**
   * A column name; the server maps it to an allowed column (an own key of its map, never an
   * inherited one such as `constructor`) or refuses it. Names start with a letter, so `__proto__`
   * never gets that far.
   */
  sort: z.preprocess(
    blankToUndefined,
    z
      .string({ error: 'Ordenação inválida.' })
      .regex(/^[a-z][a-z_]{0,39}$/, 'Ordenação inválida.')
      .optional(),
  ),
  order: z.preprocess(
    blankToUndefined,
    z.enum(['asc', 'desc'], { error: 'Ordem inválida.' }).default('desc'),
  ),
});
export type ListQuery = z.infer<typeof listQuery>;

/** The columns a request list may be sorted by (the server maps each to its column). */
export const REQUEST_LIST_SORTS = [
  'id',
  'unidade',
  'endereco_id',
  'site_id',
  'data_pedido',
  'data_ativacao',
  'status',
  'atualizado_em',
] as const;
export type RequestListSort = (typeof REQUEST_LIST_SORTS)[number];

const STATUS_INVALID = 'Status inválido.';
const TOO_MANY_STATUSES = `Escolha no máximo ${REQUEST_STATUSES.length} status.`;

/**
 * The status filter of a request list: one code, several ("1,3" or [1, 3]) or none ('Todos').
 * Every code must be a known status; the list is checked for size before its items are read.
 */
export const requestStatusFilter = z.preprocess(
  (v) => {
    if (v === 'Todos' || v === null || blankToUndefined(v) === undefined) return undefined;
    if (typeof v === 'number') return [v];
    if (typeof v === 'string') return v.length > 200 ? v : v.split(',').map((s) => toNumber(s.trim()));
    return v;
  },
  z
    .array(z.unknown(), { error: STATUS_INVALID })
    .max(REQUEST_STATUSES.length, TOO_MANY_STATUSES)
    // Checked as a whole, so the refusal names the field `status`, not one of its items.
    .refine((items) => items.every((n) => typeof n === 'number' && isRequestStatus(n)), STATUS_INVALID)
    // Sorted and without repeats: the same filter is one prepared statement and one cache entry.
    .transform((items) => {
      const codes = [...new Set(items as number[])].sort((a, b) => a - b);
      return codes.length ? codes : undefined;
    })
    .optional(),
);

const UF_CODES = UFS.map((u) => u.uf);

/** The filters only a request list has (issue 15): regional, UF, concessionaire, period of request. */
export const requestListFilters = {
  status: requestStatusFilter,
  regional: optionalId('Regional'),
  uf: z.preprocess(
    // Two ASCII letters in any case: uppercased first, 'ſp' would pass for 'SP'.
    (v) =>
      typeof v === 'string' && /^[a-z]{2}$/i.test(v.trim()) ? v.trim().toUpperCase() : blankToUndefined(v),
    z
      .string({ error: 'UF inválida.' })
      .refine((uf) => UF_CODES.includes(uf), 'UF inválida.')
      .optional(),
  ),
  concessionaria: optionalId('Concessionária'),
  de: optionalDate('Data inicial')
    .transform((d) => d ?? undefined)
    .optional(),
  ate: optionalDate('Data final')
    .transform((d) => d ?? undefined)
    .optional(),
};

export const REQUEST_LIST_RANGE_OUT_OF_ORDER = 'A data inicial deve ser anterior ou igual à data final.';
const rangeInOrder = (q: { de?: string; ate?: string }) => !q.de || !q.ate || q.de <= q.ate;

/**
 * A request form's list: the common paging, sort and search, the filters above, and `apos`: the
 * id of the last row of the page before, sent when the user pages forward, so the server starts
 * right after that row instead of skipping every row before the page (keyset paging: page 20,000
 * costs what page 1 does). The scope is never read from it: it comes from the session.
 */
export const requestListBase = listQuery.extend({
  ...requestListFilters,
  apos: optionalId('Posição da lista'),
});
export const requestListQuery = requestListBase.refine(rangeInOrder, {
  message: REQUEST_LIST_RANGE_OUT_OF_ORDER,
  path: ['ate'],
});
export type RequestListQuery = z.infer<typeof requestListQuery>;

/** The regularization list and report also filter by divergence type (spec part 2 §2.10). */
export const regularizationListQuery = listQuery.extend({
  tipo_divergencia: optionalCode(codesOf(DIVERGENCE_TYPES), 'Tipo Divergência'),
});
export type RegularizationListQuery = z.infer<typeof regularizationListQuery>;
