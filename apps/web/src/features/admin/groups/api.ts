import { groupCalls } from '@portal/domain/contracts/calls/admin/groups';
import { adminResource } from '../shared/api.ts';

export const groupsResource = adminResource(groupCalls);

export type { GroupRow } from '@portal/domain/contracts/admin';
