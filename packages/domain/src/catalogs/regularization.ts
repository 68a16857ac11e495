import type { Option } from './options.ts';

/** Regularization (consolidação) statuses and divergence types (spec part 2 §4.4). */
export const REG_STATUS = {
  DIVERGENTE: 0,
  PROCESSO_INICIADO: 1,
  EM_ANDAMENTO: 2,
  APROVADO_CELULA: 3,
  ATUALIZADO_BASE: 4,
  RECUSADO_CELULA: 5,
} as const;

export type RegularizationStatus = (typeof REG_STATUS)[keyof typeof REG_STATUS];

export const REGULARIZATION_STATUSES: readonly Option<RegularizationStatus>[] = [
  { code: 0, label: 'Divergente' },
  { code: 1, label: 'Processo Iniciado' },
  { code: 2, label: 'Em Andamento' },
  { code: 3, label: 'Aprovado Célula' },
  { code: 4, label: 'Atualizado na Base (Xerox/AME)' },
  { code: 5, label: 'Recusado pela Célula' },
];

/** A record without status is a divergence nobody has worked on yet: it shows, and behaves, as 0. */
export const regularizationStatusOf = (status: number | null | undefined): number =>
  status ?? REG_STATUS.DIVERGENTE;

export const DIVERGENCE_TYPES: readonly Option[] = [
  { code: 1, label: 'CNPJ Diverge da UF' },
  { code: 2, label: 'CNPJ/Razão Divergente' },
];
