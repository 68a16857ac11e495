import { adminResource } from '../shared/api.ts';

export const groupsResource = adminResource('grupos');

export type { GroupRow } from '@portal/domain/contracts/admin';
