import { Navigate, type RouteObject } from 'react-router';
import { MenuGate } from '../../app/MenuGate.tsx';
import type { RouteHandle } from '../../app/shell/crumbs.ts';
import { lazyPage } from '../../app/lazy-page.ts';
import { STAGE_SCREENS } from './screens.ts';

const PostApprovalListPage = lazyPage(() => import('./PostApprovalListPage.tsx'), 'PostApprovalListPage');
const ValidationPage = lazyPage(() => import('./ValidationPage.tsx'), 'ValidationPage');
const FollowUpPage = lazyPage(() => import('./FollowUpPage.tsx'), 'FollowUpPage');

const gated = (element: React.ReactNode) => <MenuGate menuKey="pos-aprovacao">{element}</MenuGate>;

/**
 * After approval (issue 14): the three lists of the 'Conciliação da Base' menu group, the two
 * validation screens (/validar-uc/{id}/{tipo}) and the follow-up of one unit (/acompanhar-uc/{id}).
 */
export const postApprovalRoutes: RouteObject[] = [
  ...Object.values(STAGE_SCREENS).map((screen): RouteObject => ({
    path: screen.path.slice(1),
    element: gated(<PostApprovalListPage lista={screen.lista} />),
    handle: { crumb: screen.title } satisfies RouteHandle,
  })),
  {
    path: 'validar-uc/:id/:tipo',
    element: gated(<ValidationPage />),
    handle: { crumb: 'Validar UC' } satisfies RouteHandle,
  },
  {
    path: 'acompanhar-uc/:id',
    element: gated(<FollowUpPage />),
    handle: { crumb: 'Acompanhar UC' } satisfies RouteHandle,
  },
  // The spec's route without an id (part 2 §2.1) is the follow-up list.
  { path: 'acompanhar-uc', element: <Navigate to={STAGE_SCREENS.acompanhamento.path} replace /> },
];
