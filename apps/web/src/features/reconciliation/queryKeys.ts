import type { RunsParams } from './api.ts';

/** Every query key of /conciliacao-da-base: an import invalidates `all`. */
export const reconciliationKeys = {
  all: ['conciliacao'] as const,
  runs: (params: RunsParams) => [...reconciliationKeys.all, 'importacoes', params] as const,
};
