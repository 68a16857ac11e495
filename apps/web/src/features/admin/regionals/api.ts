import { adminResource, type Versioned } from '../shared/api.ts';

export const regionalsResource = adminResource('regional');

export const FOCAL_POINTS = [1, 2, 3, 4] as const;
type FocalKeys = `focal${(typeof FOCAL_POINTS)[number]}` | `nome_focal${(typeof FOCAL_POINTS)[number]}`;

export type RegionalRow = {
  id: number;
  regional: string;
  gestor: string;
  email_gestor: string;
  cadastrado: string;
} & Versioned &
  Record<FocalKeys, string | null>;
