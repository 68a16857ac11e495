import { adminResource } from '../shared/api.ts';

export type { RegionalRow } from '@portal/domain/contracts/admin';

export const regionalsResource = adminResource('regional');

export const FOCAL_POINTS = [1, 2, 3, 4] as const;
