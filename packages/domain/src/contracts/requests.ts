import { z } from 'zod';
import { FLOWS_LIST, KINDS_LIST } from '../catalogs/flow-kind.ts';
import { EXPORT_FORMATS } from '../reports/query.ts';
import { REQUEST_LIST_RANGE_OUT_OF_ORDER, requestListBase } from '../schemas/list.ts';
import { duplicateMatchSchema } from '../schemas/lookups.ts';
import { REQUEST_FIELDS, REQUEST_FILES } from '../workflow/request-fields.ts';

/**
 * Each call of the request forms (spec part 1 §7, part 2 §7), body and answer, declared once: the
 * server's routes validate and serialize through them (nothing undeclared leaks out, and /api/docs
 * shows every answer) and the web's fetchers take their types from them. The bodies are built in
 * schemas/ from the field kinds; this module is where a call's whole contract is read.
 */

/** list: a page (requestListQuery, optionally continuing after a row) or one record ({ id }). */
export { requestListQuery as requestListBody } from '../schemas/list.ts';

/** 'Exportar' on a request list: the list's own filters (as its URL holds them), and the file's format. */
export const requestListExportQuery = requestListBase
  .omit({ id: true, apos: true })
  .extend({ formato: z.enum(EXPORT_FORMATS, { error: 'Formato de arquivo inválido.' }).default('xlsx') })
  .refine((q) => !q.de || !q.ate || q.de <= q.ate, {
    message: REQUEST_LIST_RANGE_OUT_OF_ORDER,
    path: ['ate'],
  });
export type RequestListExportQuery = z.infer<typeof requestListExportQuery>;
/** add and edit: the form's payload, JSON or the `dados` part of a multipart body. */
export { requestSaveSchema } from '../schemas/request.ts';
export {
  validateUnitBody,
  validateAddressBody,
  historyBody,
  deleteRequestFileBody,
  deleteBody as requestDeleteBody,
  duplicateCheckResultSchema as duplicateCheckReply,
} from '../schemas/lookups.ts';

const text = z.string().nullable();

/**
 * One row of `{form}/list` (paged): the spec's columns, and those issue 15 adds (the requester and
 * company, the regional, the last update; "days open" is counted from data_pedido).
 */
export const requestRowSchema = z.object({
  id: z.number(),
  unidade: text,
  endereco_id: text,
  site_id: text,
  uf: text,
  municipio: text,
  data_pedido: z.string(),
  data_ativacao: text,
  status: z.number(),
  regional: z.number().nullable(),
  /** The regional's acronym ('TSP'), for regionalLabel. */
  regional_nome: text,
  solicitante: text,
  empresa: text,
  atualizado_em: z.string(),
  /** The version the row was read at: a bulk move of the rows ticked sends it back (issue 34). */
  version: z.number(),
});
export type RequestRow = z.infer<typeof requestRowSchema>;

export const requestPageReply = z.object({
  error: z.literal(0),
  dados: z.array(requestRowSchema),
  /** Exact, but for a text search past a limit (ten pages past the one asked, at least 1,000): then that limit, and `total_limitado` true. */
  total: z.number(),
  total_limitado: z.boolean(),
});
export type RequestPage = z.infer<typeof requestPageReply>;

export const attachmentSchema = z.object({
  id: z.number(),
  tipo: z.enum(REQUEST_FILES),
  nome: z.string(),
  tamanho: z.number(),
  url: z.string(),
});

/** The spec's link names of the attachment slots (part 1 §3, part 2 §3): a URL, or null when empty. */
export const ATTACHMENT_LINKS = {
  fatura: ['fatura'],
  comprovante_pagamento: ['comprovante_fatura', 'comprovante_pagamento'],
  autorizacao: ['autorizacao'],
  complementar: ['complementar'],
  complementar_tower: ['download_complementar_tower'],
} as const satisfies Record<(typeof REQUEST_FILES)[number], readonly string[]>;

const LINK_NAMES = Object.values(ATTACHMENT_LINKS).flat();

/** One schema for each of `keys`, typed key by key. */
const each = <K extends string, S extends z.ZodType>(keys: readonly K[], schema: S) =>
  Object.fromEntries(keys.map((key) => [key, schema])) as Record<K, S>;

/**
 * One record as `{form}/list {id}` returns it: the form's fields, the requester, the file links.
 * Fields and files the user's screen hides in this status are absent, not null, so the record
 * goes back unchanged to edit.
 */
export const requestRecordSchema = z.object({
  id: z.number(),
  fluxo: z.enum(FLOWS_LIST),
  tipo: z.enum(KINDS_LIST),
  status: z.number(),
  version: z.number(),
  data_pedido: z.string(),
  cnpj_tim: text,
  cnpj_uc_solicitada: text.optional(),
  ...each(REQUEST_FIELDS, z.union([z.string(), z.number(), z.null()]).optional()),
  nome: z.string(),
  email: z.string(),
  telefone: text,
  id_empresa: z.number().nullable(),
  razao_social: text,
  cnpj_empresa: text,
  ...each(LINK_NAMES, text.optional()),
  /** The signed-in user created this request and nobody has acted on it: they may still correct or withdraw it (issue 15). */
  autor_pode_corrigir: z.boolean(),
  /** Why the request was refused or returned, while it waits in that status (issue 34 step 3). */
  motivo_recusa: z.string().nullable(),
  anexos: z.array(attachmentSchema),
});
export type RequestRecord = z.infer<typeof requestRecordSchema>;

export const requestRecordReply = z.object({ error: z.literal(0), dados: requestRecordSchema });

/** `{form}/list` answers a page, or one record when the body names an id. */
export const requestListReply = z.union([requestRecordReply, requestPageReply]);

export const savedRequestSchema = z.object({ id: z.number(), status: z.number(), version: z.number() });
export type SavedRequest = z.infer<typeof savedRequestSchema>;
export const requestSaveReply = z.object({ error: z.literal(0), msg: z.string(), dados: savedRequestSchema });

export const observationEntrySchema = z.object({ nome: z.string(), data: z.string(), obs: z.string() });
export type ObservationEntry = z.infer<typeof observationEntrySchema>;
export const observationHistoryReply = z.object({
  error: z.literal(0),
  dados: z.array(observationEntrySchema),
});

export const statusEntrySchema = z.object({
  nome: z.string(),
  data_cadastro: z.string(),
  status: z.number(),
  /** Why this move refused or returned the request (issue 34 step 3); null for other moves. */
  motivo_recusa: z.string().nullable(),
});
export type StatusEntry = z.infer<typeof statusEntrySchema>;
export const statusHistoryReply = z.object({ error: z.literal(0), dados: z.array(statusEntrySchema) });

export const attachmentDeletedReply = z.object({
  error: z.literal(0),
  msg: z.string(),
  dados: z.object({ version: z.number() }),
});
export type AttachmentDeleted = z.infer<typeof attachmentDeletedReply>;
export const requestDeletedReply = z.object({ error: z.literal(0), msg: z.string() });

export { duplicateMatchSchema };
export type { DuplicateMatch } from '../schemas/lookups.ts';
