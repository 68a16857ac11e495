import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../catalogs/enums.ts';
import { codesOf } from '../catalogs/options.ts';
import { DIVERGENCE_TYPES } from '../catalogs/regularization.ts';
import { FIELD_MAX } from '../validators/field-limits.ts';
import { isStorableText, MAX_ID, MAX_SMALLINT, messages, optionalCode, optionalId, optionalRecordId } from './fields.ts';

/**
 * Every list call (spec §7 "…/list", with the paging the guide adds). id_empresa, id_grupo and
 * id_regional are not read: the scope comes from the session. With `id` the call reads one record.
 */
export const SEARCH_MIN_LENGTH = 2;

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
      .default(DEFAULT_PAGE_SIZE),
  ),
  /** Quick search; shorter than two characters it searches nothing (spec part 1 §9). */
  q: z.preprocess(
    blankToUndefined,
    z
      .string({ error: 'Busca inválida.' })
      .trim()
      .max(FIELD_MAX.search, `A busca pode ter no máximo ${FIELD_MAX.search} caracteres.`)
      .refine(isStorableText, messages.characters('Busca'))
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

/**
 * A request form's list also takes `apos`: the id of the last row of the page before, sent when
 * the user pages forward, so the server starts right after that row instead of skipping every
 * row before the page (keyset paging: page 20,000 costs what page 1 does).
 */
export const requestListQuery = listQuery.extend({ apos: optionalId('Posição da lista') });
export type RequestListQuery = z.infer<typeof requestListQuery>;

/** The regularization list and report also filter by divergence type (spec part 2 §2.10). */
export const regularizationListQuery = listQuery.extend({
  tipo_divergencia: optionalCode(codesOf(DIVERGENCE_TYPES), 'Tipo Divergência'),
});
export type RegularizationListQuery = z.infer<typeof regularizationListQuery>;
