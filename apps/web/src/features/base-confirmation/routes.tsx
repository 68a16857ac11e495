import type { RouteObject } from 'react-router';
import { MenuGate } from '../../app/MenuGate.tsx';
import type { RouteHandle } from '../../app/shell/crumbs.ts';
import { lazyPage } from '../../app/lazy-page.ts';

const BaseConfirmationPage = lazyPage(() => import('./BaseConfirmationPage.tsx'), 'BaseConfirmationPage');

const handle: RouteHandle = { crumb: 'Confirmação na Base' };

/** /confirmacao-base: approved requests the provider's base now holds, confirmed to 8 (issue 11). */
export const baseConfirmationRoutes: RouteObject[] = [
  {
    path: 'confirmacao-base',
    element: (
      <MenuGate menuKey="confirmacao-base">
        <BaseConfirmationPage />
      </MenuGate>
    ),
    handle,
  },
];
