import { z } from 'zod';
import { FLOWS_LIST } from '../catalogs/flow-kind.ts';
import { REGULARIZATION_FILES } from '../workflow/regularization-policy.ts';

/**
 * The calls of the regularization (spec part 2 §7 consolidacao/*; water under agua/consolidacao/*),
 * body and answer, declared once for the server's routes and the web's fetchers.
 */

/** list: a page (with the status 'Todos' filter and the divergence type) or one record ({ id }). */
export { regularizationListQuery as regularizationListBody } from '../schemas/list.ts';
/** add and edit: the JSON part `dados` of the multipart body, or the JSON body itself. */
export { regularizationSaveBody } from '../schemas/regularization.ts';
export {
  historyBody as regularizationHistoryBody,
  deleteRegularizationFileBody,
  deleteBody as regularizationDeleteBody,
} from '../schemas/lookups.ts';
export {
  attachmentDeletedReply as regularizationFileDeletedReply,
  observationHistoryReply as regularizationObservationsReply,
  statusHistoryReply as regularizationStatusesReply,
} from './requests.ts';

const text = z.string().nullable();

/** One row of the list (§2.2): a null status is shown, and sent, as 0 'Divergente'. */
export const regularizationRowSchema = z.object({
  id: z.number(),
  unidade: z.string(),
  endereco_id: text,
  site_id: text,
  tipo_divergencia: z.number(),
  status: z.number(),
});
export type RegularizationRow = z.infer<typeof regularizationRowSchema>;

export const regularizationPageReply = z.object({
  error: z.literal(0),
  dados: z.array(regularizationRowSchema),
  total: z.number(),
});

export const regularizationAttachmentSchema = z.object({
  id: z.number(),
  tipo: z.enum(REGULARIZATION_FILES),
  nome: z.string(),
  tamanho: z.number(),
  url: z.string(),
});

/**
 * One record (§3 Regularization record): the unit as the base describes it, the divergence, the
 * correction being worked and the three file links (a URL, or null when empty). The invoice's
 * company name is also answered as `razao_correta`, the name the old screen read it by.
 */
export const regularizationRecordSchema = z.object({
  id: z.number(),
  fluxo: z.enum(FLOWS_LIST),
  id_con: z.number().nullable(),
  version: z.number(),
  status: z.number(),
  tipo_divergencia: z.number(),
  unidade: z.string(),
  endereco_id: text,
  site_id: text,
  regional: z.number().nullable(),
  cep: text,
  uf: text,
  cidade: text,
  endereco: text,
  numero: text,
  bairro: text,
  complemento: text,
  cnpj_tim: text,
  sigla: text,
  numero_medidor: text,
  tipo_tensao: text,
  razao_social_fatura: text,
  razao_correta: text,
  cnpj_fatura: text,
  razao_social_correta: text,
  cnpj_correto: text,
  data_solicitacao: text,
  previsao_solicitacao: text,
  nova_unidade: text,
  url_fatura: text,
  solicitacao: text,
  resposta: text,
  anexo: text,
  anexos: z.array(regularizationAttachmentSchema),
});
export type RegularizationRecord = z.infer<typeof regularizationRecordSchema>;

export const regularizationRecordReply = z.object({ error: z.literal(0), dados: regularizationRecordSchema });

/** list answers a page, or one record when the body names an id. */
export const regularizationListReply = z.union([regularizationRecordReply, regularizationPageReply]);

export const savedRegularizationSchema = z.object({
  id: z.number(),
  status: z.number(),
  version: z.number(),
});
export type SavedRegularization = z.infer<typeof savedRegularizationSchema>;
export const regularizationSaveReply = z.object({
  error: z.literal(0),
  msg: z.string(),
  dados: savedRegularizationSchema,
});
export const regularizationDeletedReply = z.object({ error: z.literal(0), msg: z.string() });
