import type { Flow } from '@portal/domain';
import { adminResource } from '../shared/api.ts';

export const concessionairesResource = adminResource('concessionarias');

export interface ConcessionaireRow {
  id: number;
  nome: string;
  sigla: string;
  fluxo: Flow;
  ufs: string[];
  ativo: boolean;
}
