import type { Flow } from '@portal/domain';
import { adminResource } from '../shared/api.ts';

/** Energy and water companies are separate lists with the same calls (spec part 2 §7). */
export const companiesResource = {
  energia: adminResource('empresas'),
  agua: adminResource('agua/empresas'),
} satisfies Record<Flow, unknown>;

export type { CompanyRow } from '@portal/domain/contracts/admin';
