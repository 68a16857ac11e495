import type { Flow } from '@portal/domain';
import { companyCallsByFlow } from '@portal/domain/contracts/calls/admin/companies';
import { adminResource } from '../shared/api.ts';

/** Energy and water companies are separate lists with the same calls (spec part 2 §7). */
export const companiesResource = {
  energia: adminResource(companyCallsByFlow.energia),
  agua: adminResource(companyCallsByFlow.agua),
} satisfies Record<Flow, unknown>;

export type { CompanyRow } from '@portal/domain/contracts/admin';
