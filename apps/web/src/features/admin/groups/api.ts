import type { PermissionFlag, RoleKind } from '@portal/domain';
import { adminResource } from '../shared/api.ts';

export const groupsResource = adminResource('grupos');

export type GroupRow = {
  id: number;
  nome: string;
  papel: RoleKind;
  papel_nome: string;
} & Record<PermissionFlag, boolean>;
