import type { Flow } from '@portal/domain';
import { adminResource, type Versioned } from '../shared/api.ts';

export const statusLabelsResource = adminResource('status-rotulos');

/** Each kind has its own status list per flow (server modules/admin/schemas.ts STATUS_LABEL_KINDS). */
export const STATUS_KIND_LABELS = {
  nova: 'Nova Unidade',
  troca: 'Troca de Titularidade',
  regularizacao: 'Regularização',
} as const;
export type StatusKind = keyof typeof STATUS_KIND_LABELS;

export interface StatusLabelRow extends Versioned {
  id: number;
  fluxo: Flow;
  tipo: StatusKind;
  codigo: number;
  rotulo: string;
}
