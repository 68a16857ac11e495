import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { MenuGate } from '../../app/MenuGate.tsx';
import type { RouteHandle } from '../../app/shell/crumbs.ts';
import { REGULARIZATION_SCREENS } from './screens.ts';
import { lazyPage } from '../../app/lazy-page.ts';

const RegularizationFormPage = lazyPage(
  () => import('./RegularizationFormPage.tsx'),
  'RegularizationFormPage',
);
const RegularizationListPage = lazyPage(
  () => import('./RegularizationListPage.tsx'),
  'RegularizationListPage',
);

const relative = (path: string) => path.replace(/^\//, '');

/** /consolidacao and /agua/consolidacao, each with its form (spec part 2 §2.1). */
export const regularizationRoutes: RouteObject[] = Object.values(REGULARIZATION_SCREENS).flatMap((screen) => {
  const list: RouteHandle = { crumb: screen.title };
  const edit: RouteHandle = { crumb: 'Regularização' };
  const gated = (page: ReactNode) => <MenuGate menuKey={screen.menuKey}>{page}</MenuGate>;
  return [
    {
      path: relative(screen.listPath),
      element: gated(<RegularizationListPage screen={screen} />),
      handle: list,
    },
    {
      path: `${relative(screen.listPath)}/cadastro/:id/editar`,
      element: gated(<RegularizationFormPage screen={screen} />),
      handle: edit,
    },
    {
      path: `${relative(screen.listPath)}/cadastro/:id`,
      element: gated(<RegularizationFormPage screen={screen} />),
      handle: edit,
    },
  ];
});
