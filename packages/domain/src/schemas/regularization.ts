import { z } from 'zod';
import { codesOf } from '../catalogs/options.ts';
import { REGULARIZATION_STATUSES } from '../catalogs/regularization.ts';
import { FIELD_MAX } from '../validators/field-limits.ts';
import {
  cnpjField,
  optionalCode,
  optionalDate,
  optionalIdentifier,
  optionalRecordId,
  optionalRef,
  optionalText,
  optionalVersion,
} from './fields.ts';
import { reasonFields } from '../workflow/refusal-reasons.ts';

/**
 * consolidacao/add and consolidacao/edit: the JSON part `dados` of the multipart body
 * (spec part 2 §7); the files solicitacao, resposta and anexo travel beside it.
 */
export const REGULARIZATION_CNPJ_INVALID = 'CNPJ Inválido';

export const regularizationSaveBody = z.object({
  id: optionalRecordId,
  /** The unit the divergence was found on. */
  id_con: optionalRef('Unidade'),
  version: optionalVersion,
  razao_social_correta: optionalText(FIELD_MAX.razao_social_correta, 'Razão Social Correta'),
  cnpj_correto: cnpjField(REGULARIZATION_CNPJ_INVALID, false),
  data_pedido: optionalDate('Data da Solicitação'),
  data_previsao: optionalDate('Previsão de Efetivação'),
  status: optionalCode(codesOf(REGULARIZATION_STATUSES), 'Status'),
  observacao: optionalText(FIELD_MAX.observacao, 'Observação'),
  nova_unidade: optionalIdentifier(FIELD_MAX.nova_unidade, 'Nova Unidade'),
  /** Why the cell refuses (→ 5, issue 34 step 3); judged by judgeReason, never a field. */
  ...reasonFields,
});
export type RegularizationSaveBody = z.infer<typeof regularizationSaveBody>;
