import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page.ts';

const ExportsPage = lazyPage(() => import('./ExportsPage.tsx'), 'ExportsPage');

/** The user's own background exports (issue 16), opened from the avatar's menu. */
export const exportRoutes: RouteObject[] = [
  { path: 'exportacoes', element: <ExportsPage />, handle: { crumb: 'Minhas exportações' } },
];
