import { STATUS } from '../catalogs/request-status.ts';
import type { Option } from '../catalogs/options.ts';

/**
 * After approval (issue 14, docs/workflow.md 'Depois da aprovação'): an energy new unit that
 * reaches 8 'Inserida na Base Xerox/AME' is checked technically (pré-validação), has its payment
 * confirmed (validação final) and is followed up until its first invoice arrives, when it is
 * 'Ativa'. The stage lives on the request itself, beside its status.
 */
export const POST_APPROVAL_STAGE = {
  PRE_VALIDACAO: 1,
  VALIDACAO_FINAL: 2,
  ACOMPANHAMENTO: 3,
  ATIVA: 4,
} as const;
export type PostApprovalStage = (typeof POST_APPROVAL_STAGE)[keyof typeof POST_APPROVAL_STAGE];

export const POST_APPROVAL_STAGES: readonly Option<PostApprovalStage>[] = [
  { code: 1, label: 'Aguardando Pré-Validação' },
  { code: 2, label: 'Aguardando Validação Final' },
  { code: 3, label: 'Aguardando 1º Faturamento' },
  { code: 4, label: 'Ativa' },
];

/** The form whose requests go through these stages, and the status that opens them. */
export const POST_APPROVAL_FORM = { flow: 'energia', kind: 'nova' } as const;
export const POST_APPROVAL_ENTRY_STATUS = STATUS.INSERIDA_BASE;
/**
 * 'Não Aprovado' at either validation returns the request to 14 'Recusada Xerox/AME': what a
 * validator finds wrong (site data, payment data) is the cell's to fix; the cell approves it
 * again (7), the provider confirms it in the base (8) and the pre-validation starts over.
 */
export const POST_APPROVAL_REFUSAL_STATUS = STATUS.RECUSADA_XEROX;

/** The validation screens' `tipo` (spec part 2 §2.1): 1 pre-validation, 2 final validation. */
export const VALIDATION_TYPES = [1, 2] as const;
export type ValidationType = (typeof VALIDATION_TYPES)[number];
export const VALIDATION_TYPE_LABELS: Record<ValidationType, string> = {
  1: 'Pré-Validação',
  2: 'Validação Final',
};
export const isValidationType = (tipo: unknown): tipo is ValidationType =>
  VALIDATION_TYPES.includes(tipo as ValidationType);

/** The stage a validation type works on: the same number. */
export const stageOfValidation = (tipo: ValidationType): PostApprovalStage => tipo;

/** The three lists: one per stage that waits for someone. */
export const POST_APPROVAL_LISTS = {
  'pre-validacao': POST_APPROVAL_STAGE.PRE_VALIDACAO,
  'validacao-final': POST_APPROVAL_STAGE.VALIDACAO_FINAL,
  acompanhamento: POST_APPROVAL_STAGE.ACOMPANHAMENTO,
} as const;
export type PostApprovalList = keyof typeof POST_APPROVAL_LISTS;
export const POST_APPROVAL_LIST_NAMES = Object.keys(POST_APPROVAL_LISTS) as PostApprovalList[];

/**
 * The lists' filters (spec part 1 §2 'Todas, Ativas, Aguardando, Última Semana'): waiting at the
 * list's stage; of those, the ones that arrived in the last seven days; the units already 'Ativa';
 * every unit that reached the stage (waiting there or past it).
 */
export const POST_APPROVAL_FILTERS: readonly Option<'aguardando' | 'ultima-semana' | 'ativas' | 'todas'>[] = [
  { code: 'aguardando', label: 'Aguardando' },
  { code: 'ultima-semana', label: 'Última Semana' },
  { code: 'ativas', label: 'Ativas' },
  { code: 'todas', label: 'Todas' },
];
export type PostApprovalFilter = (typeof POST_APPROVAL_FILTERS)[number]['code'];
export const RECENT_DAYS = 7;

/** Days a unit may wait at a stage before its list flags it, unless the server is configured otherwise. */
export const DEFAULT_STAGE_DEADLINE_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Whole days since `since`. */
export const daysWaiting = (since: Date, now: Date): number =>
  Math.max(0, Math.floor((now.getTime() - since.getTime()) / DAY_MS));
