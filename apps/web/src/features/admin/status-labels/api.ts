import type { StatusLabelKind } from '@portal/domain';
import { statusLabelCalls } from '@portal/domain/contracts/calls/admin/status-labels';
import { adminResource } from '../shared/api.ts';

export const statusLabelsResource = adminResource(statusLabelCalls);

/** Each kind has its own status list per flow (the domain's STATUS_LABEL_KINDS). */
export { statusKindLabel } from '@portal/domain/reports';
export type StatusKind = StatusLabelKind;

export type { StatusLabelRow } from '@portal/domain/contracts/admin';
