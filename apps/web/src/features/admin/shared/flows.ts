import { FLOW_LABELS } from '@portal/domain/reports';

export { FLOW_LABELS };

export const FLOW_OPTIONS = Object.entries(FLOW_LABELS).map(([value, label]) => ({ value, label }));
