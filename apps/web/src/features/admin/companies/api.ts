import type { Flow } from '@portal/domain';
import { adminResource, type Versioned } from '../shared/api.ts';

/** Energy and water companies are separate lists with the same calls (spec part 2 §7). */
export const companiesResource = {
  energia: adminResource('empresas'),
  agua: adminResource('agua/empresas'),
} satisfies Record<Flow, unknown>;

export interface CompanyRow extends Versioned {
  id: number;
  razao_social: string;
  cnpj: string;
  cidade: string | null;
  cep: string | null;
  email: string | null;
  telefone: string | null;
  status: boolean;
  cadastrado: string;
}
