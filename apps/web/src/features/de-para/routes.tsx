import type { RouteObject } from 'react-router';
import { MenuGate } from '../../app/MenuGate.tsx';
import type { RouteHandle } from '../../app/shell/crumbs.ts';
import { lazyPage } from '../../app/lazy-page.ts';

const DeParaPage = lazyPage(() => import('./DeParaPage.tsx'), 'DeParaPage');

const handle: RouteHandle = { crumb: 'De-Para' };

/** /de-para: the translations the provider-base import reads (issue 11), behind its menu rule. */
export const deParaRoutes: RouteObject[] = [
  {
    path: 'de-para',
    element: (
      <MenuGate menuKey="de-para">
        <DeParaPage />
      </MenuGate>
    ),
    handle,
  },
];
