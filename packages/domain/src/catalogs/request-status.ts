import { flowKey, type Flow, type FlowKey, type Kind } from './flow-kind.ts';

/** Request statuses (spec part 1 §4, part 2 §4.1). There is no 11. */
export const STATUS = {
  INICIADA: 0,
  EM_VALIDACAO_REGIONAL: 1,
  APROVADA_REGIONAL: 2,
  RECUSADA_REGIONAL: 3,
  EM_VALIDACAO_CELULA: 4,
  APROVADA_CELULA_AGUARDANDO: 5,
  RECUSADA_CELULA: 6,
  APROVADA: 7,
  INSERIDA_BASE: 8,
  RECUSADA_CELULA_TOWER: 9,
  INICIADA_REGIONAL: 10,
  INICIADA_ENERGY_EFFICIENCY: 12,
  INICIADA_PROPERTY: 13,
  RECUSADA_XEROX: 14,
  RECUSADA_ANALISE: 15,
  APROVADO_ANALISE: 16,
} as const;

export type RequestStatus = (typeof STATUS)[keyof typeof STATUS];
export const REQUEST_STATUSES = Object.values(STATUS) as RequestStatus[];

export const isRequestStatus = (code: number): code is RequestStatus =>
  (REQUEST_STATUSES as number[]).includes(code);

const BASE_LABELS: Record<RequestStatus, string> = {
  0: 'Solicitação Iniciada',
  1: 'Em Validação Regional',
  2: 'Aprovada Regional',
  3: 'Recusada Regional',
  4: 'Em Validação Célula',
  5: 'Aprovada Célula - Aguardando Concessionária',
  6: 'Recusada Célula',
  7: 'Aprovada',
  8: 'Inserida na Base Xerox/AME',
  9: 'Recusada Célula - Tower',
  10: 'Iniciado pela Regional',
  12: 'Iniciado por Energy Efficiency',
  13: 'Iniciado por Property Management',
  14: 'Recusada Xerox/AME',
  15: 'Recusada Análise',
  16: 'Aprovado Análise',
};

/** Where a form names a status its own way. Selectors and badges of one form use the same label. */
const VARIANTS: Record<FlowKey, Partial<Record<RequestStatus, string>>> = {
  'energia.nova': {},
  'energia.troca': { 7: 'Aprovada Troca' },
  'agua.nova': { 7: 'Aprovada Matrícula/RGI', 9: 'Recusada Célula - Property' },
  'agua.troca': { 7: 'Aprovada Troca', 9: 'Recusada Célula - Property' },
};

export const statusLabel = (status: number, flow: Flow, kind: Kind): string =>
  isRequestStatus(status) ? (VARIANTS[flowKey(flow, kind)][status] ?? BASE_LABELS[status]) : String(status);

/** The status selector's options of one form, in code order. */
export const statusOptions = (flow: Flow, kind: Kind, codes: readonly RequestStatus[] = REQUEST_STATUSES) =>
  codes.map((code) => ({ code, label: statusLabel(code, flow, kind) }));
