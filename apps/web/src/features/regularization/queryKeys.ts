import type { RegularizationListParams } from './api.ts';
import type { RegularizationScreen } from './screens.ts';

/** Every query key of the regularization screens: a save invalidates `all(screen)`. */
export const regularizationKeys = {
  all: (screen: RegularizationScreen) => ['regularizacao', screen.apiBase] as const,
  list: (screen: RegularizationScreen, params: RegularizationListParams) =>
    [...regularizationKeys.all(screen), 'list', params] as const,
  record: (screen: RegularizationScreen, id: number) =>
    [...regularizationKeys.all(screen), 'record', id] as const,
  statusHistory: (screen: RegularizationScreen, id: number) =>
    [...regularizationKeys.record(screen, id), 'status'] as const,
  observationHistory: (screen: RegularizationScreen, id: number) =>
    [...regularizationKeys.record(screen, id), 'historicos'] as const,
};
