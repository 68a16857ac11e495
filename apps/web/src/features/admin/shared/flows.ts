import type { Flow } from '@portal/domain';

/** How the administration screens name each flow. */
export const FLOW_LABELS: Record<Flow, string> = { energia: 'Energia', agua: 'Água' };

export const FLOW_OPTIONS = Object.entries(FLOW_LABELS).map(([value, label]) => ({ value, label }));
