import type { RouteObject } from 'react-router';
import { MenuGate } from '../../app/MenuGate.tsx';
import type { RouteHandle } from '../../app/shell/crumbs.ts';
import { lazyPage } from '../../app/lazy-page.ts';

const LogsPage = lazyPage(() => import('./LogsPage.tsx'), 'LogsPage');

const handle: RouteHandle = { crumb: 'Logs de Ações' };

/** /logs: the audit trail, for administrators (issue 14). */
export const logsRoutes: RouteObject[] = [
  {
    path: 'logs',
    element: (
      <MenuGate menuKey="logs">
        <LogsPage />
      </MenuGate>
    ),
    handle,
  },
];
