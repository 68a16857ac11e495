import { z } from 'zod';
import { FLOWS_LIST, KINDS_LIST } from '../catalogs/flow-kind.ts';
import { recordId, requiredRef } from '../schemas/fields.ts';
import { listQuery } from '../schemas/list.ts';

/**
 * The calls of /confirmacao-base (issue 11 item 5): requests at 7 'Aprovada' and whether the
 * provider's base now holds their unit; the provider operator confirms them to 8 'Inserida na
 * Base Xerox/AME', one by one or in bulk. Declared once for server and web.
 */

/** 'na-base': the base holds the unit, ready to confirm; 'fora-da-base': the exceptions. */
export const BASE_CONFIRMATION_SITUATIONS = ['na-base', 'fora-da-base'] as const;
export type BaseConfirmationSituation = (typeof BASE_CONFIRMATION_SITUATIONS)[number];

/** The most requests one confirmation may carry: a page of the list at its largest. */
export const MAX_CONFIRMATIONS = 100;

export const baseConfirmationListBody = z.preprocess(
  (v) => v ?? {},
  listQuery.pick({ page: true, per_page: true, q: true }).extend({
    fluxo: z.enum(FLOWS_LIST, { error: 'O campo Fluxo deve ser energia ou agua.' }),
    situacao: z.enum(BASE_CONFIRMATION_SITUATIONS, {
      error: 'O campo Situação deve ser na-base ou fora-da-base.',
    }),
  }),
);
export type BaseConfirmationListBody = z.infer<typeof baseConfirmationListBody>;

export const baseConfirmationRow = z.object({
  id: z.number(),
  tipo: z.enum(KINDS_LIST),
  /** The unit the base is searched for: the new unit of an ownership change, else the unit. */
  unidade: z.string(),
  concessionaria: z.string().nullable(),
  regional: z.string().nullable(),
  /** When the request reached 7 'Aprovada' (ISO), and how many whole days ago. */
  aprovada_em: z.string(),
  dias: z.number(),
  version: z.number(),
});
export type BaseConfirmationRow = z.infer<typeof baseConfirmationRow>;

export const baseConfirmationListReply = z.object({
  error: z.literal(0),
  total: z.number(),
  dados: z.array(baseConfirmationRow),
});

export const confirmBody = z.object({
  fluxo: z.enum(FLOWS_LIST, { error: 'O campo Fluxo deve ser energia ou agua.' }),
  solicitacoes: z
    .array(z.object({ id: recordId, version: requiredRef('Versão') }), {
      error: 'Escolha as solicitações a confirmar.',
    })
    .min(1, 'Escolha as solicitações a confirmar.')
    .max(MAX_CONFIRMATIONS, `Confirme no máximo ${MAX_CONFIRMATIONS} solicitações por vez.`)
    .refine(
      (items) => new Set(items.map((i) => i.id)).size === items.length,
      'Uma solicitação aparece duas vezes.',
    ),
});
export type ConfirmBody = z.infer<typeof confirmBody>;

export const confirmReply = z.object({
  error: z.literal(0),
  msg: z.string(),
  confirmadas: z.array(z.number()),
  /** The requests left as they were, each with why. */
  recusadas: z.array(z.object({ id: z.number(), msg: z.string() })),
});
export type ConfirmReply = z.infer<typeof confirmReply>;
