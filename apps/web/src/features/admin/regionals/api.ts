import { regionalCalls } from '@portal/domain/contracts/calls/admin/regionals';
import { adminResource } from '../shared/api.ts';

export type { RegionalRow } from '@portal/domain/contracts/admin';

export const regionalsResource = adminResource(regionalCalls);

export const FOCAL_POINTS = [1, 2, 3, 4] as const;
