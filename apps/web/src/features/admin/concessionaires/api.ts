import type { Flow } from '@portal/domain';
import { adminResource, type Versioned } from '../shared/api.ts';

export const concessionairesResource = adminResource('concessionarias');

export interface ConcessionaireRow extends Versioned {
  id: number;
  nome: string;
  sigla: string;
  fluxo: Flow;
  ufs: string[];
  ativo: boolean;
}
