import type { StatusLabelKind } from '@portal/domain';
import { adminResource } from '../shared/api.ts';

export const statusLabelsResource = adminResource('status-rotulos');

/** Each kind has its own status list per flow (the domain's STATUS_LABEL_KINDS). */
export const STATUS_KIND_LABELS = {
  nova: 'Nova Unidade',
  troca: 'Troca de Titularidade',
  regularizacao: 'Regularização',
} as const satisfies Record<StatusLabelKind, string>;
export type StatusKind = StatusLabelKind;

export type { StatusLabelRow } from '@portal/domain/contracts/admin';
