import { adminResource } from '../shared/api.ts';

export const concessionairesResource = adminResource('concessionarias');

export type { ConcessionaireRow } from '@portal/domain/contracts/admin';
