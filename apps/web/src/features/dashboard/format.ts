import type { Flow } from '@portal/domain';

const numbers = new Intl.NumberFormat('pt-BR');

export const formatCount = (n: number) => numbers.format(n);

/** "hoje", "1 dia", "12 dias". */
export const daysText = (days: number) =>
  days === 0 ? 'hoje' : days === 1 ? '1 dia' : `${numbers.format(days)} dias`;

export const FLOW_LABEL: Record<Flow, string> = { energia: 'Energia', agua: 'Água' };
