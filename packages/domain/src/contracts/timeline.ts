import { z } from 'zod';
import { attachmentSchema } from './requests.ts';

/**
 * `{form}/linha-do-tempo {id_unidade}` (issue 15 items 4 and 5): everything that happened to one
 * request in one list, newest first — status changes, observations, field changes, attachments
 * added and removed, the post-approval validations — each with who and when. Values arrive as the
 * screen shows them (labels, dd/mm/aaaa), never as stored codes. Beside it, the request's current
 * attachments with their size, uploader and date.
 */
export const TIMELINE_ENTRY_KINDS = [
  'status',
  'observacao',
  'campo',
  'anexo_adicionado',
  'anexo_removido',
  'validacao',
] as const;
export type TimelineEntryKind = (typeof TIMELINE_ENTRY_KINDS)[number];

export const timelineEntrySchema = z.object({
  tipo: z.enum(TIMELINE_ENTRY_KINDS),
  /** When, as an ISO instant. Entries written by one save share it. */
  em: z.string(),
  /** Who acted; null when the user no longer exists. */
  por: z.string().nullable(),
  /** status: the status entered (its label is the form's, as the badge shows it). */
  status: z.number().optional(),
  /** status: why this move refused or returned the request (issue 34 step 3). */
  motivo: z.string().optional(),
  /** campo: the field's label; anexo_*: the slot's label. */
  campo: z.string().optional(),
  /** campo: the values before and after, as shown on screen; null when empty. */
  antes: z.string().nullable().optional(),
  depois: z.string().nullable().optional(),
  /** observacao: the text; anexo_*: the file's name when known; validacao: the verdict. */
  texto: z.string().optional(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const timelineAttachmentSchema = attachmentSchema.extend({
  /** Who sent the current file of the slot (null when that user no longer exists) and when. */
  enviado_por: z.string().nullable(),
  enviado_em: z.string(),
});
export type TimelineAttachment = z.infer<typeof timelineAttachmentSchema>;

export const timelineReply = z.object({
  error: z.literal(0),
  dados: z.array(timelineEntrySchema),
  anexos: z.array(timelineAttachmentSchema),
});
export type Timeline = z.infer<typeof timelineReply>;
