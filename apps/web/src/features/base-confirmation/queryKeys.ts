import type { ApprovedParams } from './api.ts';

/** Every query key of /confirmacao-base: a confirmation invalidates `all`. */
export const baseConfirmationKeys = {
  all: ['confirmacao-base'] as const,
  list: (params: ApprovedParams) => [...baseConfirmationKeys.all, params] as const,
};
