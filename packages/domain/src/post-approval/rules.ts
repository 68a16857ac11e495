import type { Option } from '../catalogs/options.ts';
import { isAfterToday } from './calendar.ts';

/** The result a validator records (spec part 2 §9 'Validation status: Aprovado, Não Aprovado'). */
export const VALIDATION_RESULT = { APROVADO: 1, NAO_APROVADO: 2 } as const;
export type ValidationResult = (typeof VALIDATION_RESULT)[keyof typeof VALIDATION_RESULT];
export const VALIDATION_RESULTS: readonly Option<ValidationResult>[] = [
  { code: 1, label: 'Aprovado' },
  { code: 2, label: 'Não Aprovado' },
];

/** The UC's situation on site while it is followed up (spec part 2 §2.9). */
export const SITE_SITUATION = { AGUARDANDO_FATURAMENTO: 1, ATIVA: 2 } as const;
export type SiteSituation = (typeof SITE_SITUATION)[keyof typeof SITE_SITUATION];
export const SITE_SITUATIONS: readonly Option<SiteSituation>[] = [
  { code: 1, label: 'Aguardando 1º faturamento' },
  { code: 2, label: 'Ativa' },
];

/** Payment types paid by automatic debit (DA, DA-AGRUPADO): they need the debit key. */
export const AUTOMATIC_DEBIT_PAYMENT_TYPES: readonly number[] = [2, 4];

export const OBSERVATION_REQUIRED_WHEN_REFUSED = 'Informe a observação: ela diz o que precisa ser corrigido.';
export const DEBIT_KEY_REQUIRED =
  'Informe a Chave de Débito: o pagamento desta unidade é por débito automático.';
export const NO_PAYMENT_TYPE =
  'A solicitação não tem Tipo de Pagamento: marque Não Aprovado para que a célula o informe.';
export const DATE_IN_FUTURE = (label: string) => `O campo ${label} não pode ser uma data futura.`;
export const RECEIVED_BEFORE_ISSUED =
  'A Data de Recebimento da 1ª Fatura não pode ser anterior à Data de Emissão.';
export const ACTIVE_NEEDS_INVOICE = 'Para marcar a UC como Ativa, informe a Data de Emissão da 1ª Fatura.';

/** A refusal must say what is wrong. */
export const validationObservationProblem = (
  status: ValidationResult,
  observacao: string | null | undefined,
) =>
  status === VALIDATION_RESULT.NAO_APROVADO && !observacao?.trim() ? OBSERVATION_REQUIRED_WHEN_REFUSED : null;

/**
 * Approving the final validation confirms how the unit will be paid: it needs a payment type on
 * the request, and the debit key when that type is automatic debit.
 */
export function finalValidationProblem(
  paymentType: number | null,
  input: { status: ValidationResult; chave_debito?: string | null },
): { field: string; msg: string } | null {
  if (input.status !== VALIDATION_RESULT.APROVADO) return null;
  if (paymentType == null) return { field: 'status', msg: NO_PAYMENT_TYPE };
  if (AUTOMATIC_DEBIT_PAYMENT_TYPES.includes(paymentType) && !input.chave_debito?.trim()) {
    return { field: 'chave_debito', msg: DEBIT_KEY_REQUIRED };
  }
  return null;
}

export interface FollowUpInput {
  situacao: SiteSituation;
  data_primeira_fatura?: string | null;
  data_recebimento_fatura?: string | null;
}

/** The first invoice's dates are facts: none in the future, received no earlier than issued. */
export function followUpProblem(input: FollowUpInput, now: Date): { field: string; msg: string } | null {
  if (input.data_primeira_fatura && isAfterToday(input.data_primeira_fatura, now)) {
    return { field: 'data_primeira_fatura', msg: DATE_IN_FUTURE('Data de Emissão da 1ª Fatura') };
  }
  if (input.data_recebimento_fatura && isAfterToday(input.data_recebimento_fatura, now)) {
    return { field: 'data_recebimento_fatura', msg: DATE_IN_FUTURE('Data de Recebimento da 1ª Fatura') };
  }
  if (
    input.data_primeira_fatura &&
    input.data_recebimento_fatura &&
    input.data_recebimento_fatura < input.data_primeira_fatura
  ) {
    return { field: 'data_recebimento_fatura', msg: RECEIVED_BEFORE_ISSUED };
  }
  if (input.situacao === SITE_SITUATION.ATIVA && !input.data_primeira_fatura) {
    return { field: 'data_primeira_fatura', msg: ACTIVE_NEEDS_INVOICE };
  }
  return null;
}

/** A validation date is a fact too. */
export const validationDateProblem = (date: string | null | undefined, now: Date) =>
  date && isAfterToday(date, now) ? DATE_IN_FUTURE('Data da Validação') : null;
