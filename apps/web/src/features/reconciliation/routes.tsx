import type { RouteObject } from 'react-router';
import { MenuGate } from '../../app/MenuGate.tsx';
import type { RouteHandle } from '../../app/shell/crumbs.ts';
import { lazyPage } from '../../app/lazy-page.ts';

const ReconciliationPage = lazyPage(() => import('./ReconciliationPage.tsx'), 'ReconciliationPage');

const handle: RouteHandle = { crumb: 'Conciliação da Base' };

/** /conciliacao-da-base: the provider's base export imported, and the runs kept (issue 11). */
export const reconciliationRoutes: RouteObject[] = [
  {
    path: 'conciliacao-da-base',
    element: (
      <MenuGate menuKey="conciliacao">
        <ReconciliationPage />
      </MenuGate>
    ),
    handle,
  },
];
