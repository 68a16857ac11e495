import { z } from 'zod';
import { isRequestStatus } from '../catalogs/request-status.ts';
import { optionalText, recordId, requiredRef } from '../schemas/fields.ts';
import { requestListBase } from '../schemas/list.ts';
import { REQUEST_FIELD_KINDS } from '../workflow/field-kinds.ts';
import { BULK_MOVE_FIELDS, BULK_MOVE_LIMIT, BULK_MOVE_OVER_LIMIT } from '../workflow/bulk-moves.ts';
import { REASON_FIELD, REASON_TEXT_FIELD, reasonFields } from '../workflow/refusal-reasons.ts';

/**
 * `{form}/mover-em-lote` (issue 34 step 4): one move applied to many requests of a form's list,
 * each judged and written as its own save; the answer says, row by row, what happened.
 */

const observationKind = REQUEST_FIELD_KINDS.observacao;
const observationMax = observationKind.kind === 'text' ? observationKind.max : 0;

/** The rows the user ticked, each with the version the list showed (a row changed since is not moved). */
const chosenRow = z.object({ id: recordId, version: requiredRef('Versão') });

/**
 * "All rows of this filter": the list's own filters, resolved by the server within the user's scope.
 * A filter the server does not know is refused by name, never dropped: dropped, the move would reach
 * every row of the form instead of the ones the client meant.
 */
export const bulkMoveFilter = z.strictObject(
  requestListBase.pick({
    status: true,
    regional: true,
    uf: true,
    concessionaria: true,
    de: true,
    ate: true,
    q: true,
  }).shape,
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Filtro desconhecido: ${String(issue.keys[0]).slice(0, 40)}.`
        : undefined,
  },
);

export type BulkMoveFilter = z.infer<typeof bulkMoveFilter>;

const BULK_BODY_FIELDS: readonly string[] = [...BULK_MOVE_FIELDS, REASON_FIELD, REASON_TEXT_FIELD];

export const BULK_MOVE_NOTHING_CHOSEN = 'Escolha as solicitações a mover.';

export const bulkMoveBody = z
  .object({
    status: z
      .number({
        error: (issue) =>
          issue.input === undefined ? 'O campo Status é obrigatório.' : 'O campo Status é inválido.',
      })
      .refine(isRequestStatus, 'O campo Status é inválido.'),
    /**
     * Asked once for the whole move (BULK_MOVE_FIELDS, and a refusal's reason); a unit's own data is
     * never sent here. Each row's gate judges the reason as it would a single save's.
     */
    campos: z
      .looseObject({ observacao: optionalText(observationMax, 'Observação'), ...reasonFields })
      .superRefine((fields, ctx) => {
        const other = Object.keys(fields).find((f) => !BULK_BODY_FIELDS.includes(f));
        if (other)
          ctx.addIssue({
            code: 'custom',
            path: [other],
            message: `O campo ${other} não vale para um lote: cada solicitação mantém seus dados.`,
          });
      })
      .default({}),
    solicitacoes: z
      .array(chosenRow, { error: BULK_MOVE_NOTHING_CHOSEN })
      .min(1, BULK_MOVE_NOTHING_CHOSEN)
      .refine((rows) => rows.length <= BULK_MOVE_LIMIT, BULK_MOVE_OVER_LIMIT)
      .refine(
        (rows) => new Set(rows.map((r) => r.id)).size === rows.length,
        'Uma solicitação aparece duas vezes.',
      )
      .optional(),
    filtro: bulkMoveFilter.optional(),
  })
  .refine((b) => (b.solicitacoes === undefined) !== (b.filtro === undefined), {
    message: 'Envie as solicitações escolhidas ou o filtro, um dos dois.',
    path: ['solicitacoes'],
  });
export type BulkMoveBody = z.infer<typeof bulkMoveBody>;

/** moved; refused (the gate's reason, or not found); changed meanwhile (another version than the one chosen). */
export const BULK_OUTCOMES = ['movida', 'recusada', 'alterada'] as const;
export type BulkOutcome = (typeof BULK_OUTCOMES)[number];

export const bulkMoveResult = z.object({
  id: z.number(),
  /** The unit, for a request the user may see; null for one not found (nothing is told of it). */
  unidade: z.string().nullable(),
  resultado: z.enum(BULK_OUTCOMES),
  msg: z.string(),
});
export type BulkMoveResult = z.infer<typeof bulkMoveResult>;

export const bulkMoveReply = z.object({
  error: z.literal(0),
  msg: z.string(),
  resultados: z.array(bulkMoveResult),
});
export type BulkMoveReply = z.infer<typeof bulkMoveReply>;
