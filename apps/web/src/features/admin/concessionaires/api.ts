import { concessionaireAdminCalls } from '@portal/domain/contracts/calls/admin/concessionaires';
import { adminResource } from '../shared/api.ts';

export const concessionairesResource = adminResource(concessionaireAdminCalls);

export type { ConcessionaireRow } from '@portal/domain/contracts/admin';
