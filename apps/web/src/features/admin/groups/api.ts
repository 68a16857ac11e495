import type { PermissionFlag, RoleKind } from '@portal/domain';
import { adminResource, type Versioned } from '../shared/api.ts';

export const groupsResource = adminResource('grupos');

export type GroupRow = {
  id: number;
  nome: string;
  papel: RoleKind;
  papel_nome: string;
} & Versioned &
  Record<PermissionFlag, boolean>;
