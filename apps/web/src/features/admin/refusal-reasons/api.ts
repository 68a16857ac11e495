import { refusalReasonCalls } from '@portal/domain/contracts/calls/admin/refusal-reasons';
import { adminResource } from '../shared/api.ts';

export const refusalReasonsResource = adminResource(refusalReasonCalls);
export type { RefusalReasonRow } from '@portal/domain/contracts/calls/admin/refusal-reasons';
