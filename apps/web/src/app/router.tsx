import { Children, isValidElement, Suspense, type ReactNode } from 'react';
import { matchRoutes, Navigate, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { adminRoutes } from '../features/admin/routes.tsx';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import { LogoutPage } from '../features/auth/LogoutPage.tsx';
import { baseConfirmationRoutes } from '../features/base-confirmation/routes.tsx';
import { deParaRoutes } from '../features/de-para/routes.tsx';
import { exportRoutes } from '../features/exports/routes.tsx';
import { fileRoutes } from '../features/files/routes.tsx';
import { guideRoutes } from '../features/guides/routes.tsx';
import { logsRoutes } from '../features/logs/routes.tsx';
import { NotFoundPage } from '../features/not-found/NotFoundPage.tsx';
import { postApprovalRoutes } from '../features/post-approval/routes.tsx';
import { reconciliationRoutes } from '../features/reconciliation/routes.tsx';
import { regularizationRoutes } from '../features/regularization/routes.tsx';
import { reportRoutes } from '../features/reports/routes.tsx';
import { requestRoutes } from '../features/requests/routes.tsx';
import { PublicOnly, RequireForcedChange, RequireSession } from './guards.tsx';
import { queryClient } from './queryClient.ts';
import { sessionStore } from './session/store.ts';
import type { RouteHandle } from './shell/crumbs.ts';
import { lazyPage, type Preloadable } from './lazy-page.ts';
import { RouteCrumb } from './routeCrumb.ts';
import { useScrollRestoration } from './useScrollRestoration.ts';

const DashboardPage = lazyPage(() => import('../features/dashboard/DashboardPage.tsx'), 'DashboardPage');

// Loaded with their routes, as the pages are: the recovery and password-change forms (their schemas
// and form library), which the other screens do not need, and the signed-in shell, which the
// recovery pages do not.
const LostPasswordPage = lazyPage(() => import('../features/auth/LostPasswordPage.tsx'), 'LostPasswordPage');
const ResetPasswordPage = lazyPage(
  () => import('../features/auth/ResetPasswordPage.tsx'),
  'ResetPasswordPage',
);
const ChangePasswordPage = lazyPage(
  () => import('../features/auth/ChangePasswordPage.tsx'),
  'ChangePasswordPage',
);
const AppLayout = lazyPage(() => import('./shell/AppLayout.tsx'), 'AppLayout');

/**
 * Declarative routes (useRoutes), not the data router: 13 KB of React Router in every first load
 * instead of 31 (issue 12). Pages, the shell and the recovery forms load as React.lazy components.
 */
function Root() {
  useScrollRestoration();
  return (
    <Suspense fallback={null}>
      <Outlet />
    </Suspense>
  );
}

const notFound: RouteHandle = { crumb: 'Página não encontrada' };
const dashboard: RouteHandle = {
  prefetch: async (client) => {
    const { dashboardOverviewQuery, homeTotalsQuery } = await import('../features/dashboard/api.ts');
    return Promise.all([client.prefetchQuery(homeTotalsQuery), client.prefetchQuery(dashboardOverviewQuery)]);
  },
};

/** Route table of spec part 2 §2.1. Screens of later issues fall through to the not-found page. */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { index: true, element: <Navigate to="/login" replace /> },
      {
        element: <PublicOnly />,
        children: [
          { path: 'login', element: <LoginPage /> },
          { path: 'recuperar-senha', element: <LostPasswordPage /> },
          { path: 'recuperar-senha/:hash', element: <ResetPasswordPage /> },
        ],
      },
      {
        element: <RequireForcedChange />,
        children: [{ path: 'troca-senha', element: <ChangePasswordPage /> }],
      },
      { path: 'logout', element: <LogoutPage /> },
      {
        element: <RequireSession />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { path: 'dashboard', element: <DashboardPage />, handle: dashboard },
              // The four request forms (new unit, change of holder; energy, water): 16 routes.
              ...requestRoutes,
              // Regularização CNPJ/Razão Social, energy and water.
              ...regularizationRoutes,
              ...deParaRoutes,
              // Conciliação da Base: the provider's base export imported.
              ...reconciliationRoutes,
              // Confirmação na Base: approved requests the base now holds, confirmed to 8.
              ...baseConfirmationRoutes,
              ...logsRoutes,
              // After approval: pre-validation, final validation and first-invoice follow-up.
              ...postApprovalRoutes,
              // The six reports, energy and water.
              ...reportRoutes,
              // An attachment opened from a link in an exported report.
              ...fileRoutes,
              // The user's own background exports ("Minhas exportações").
              ...exportRoutes,
              // Administration: users, groups, regionals, companies, concessionaires, status labels.
              ...adminRoutes,
              // The manuals and presentation decks of the menu, per group.
              ...guideRoutes,
              { path: '*', element: <NotFoundPage />, handle: notFound },
            ],
          },
        ],
      },
    ],
  },
];

/** Starts fetching `node` if it is a lazily loaded page, and any such page it wraps (a menu gate). */
function preloadElement(node: ReactNode) {
  if (!isValidElement<{ children?: ReactNode }>(node)) return;
  void (node.type as Partial<Preloadable>).preload?.().catch(() => undefined);
  Children.forEach(node.props.children, preloadElement);
}

/**
 * Starts fetching what the routes of an address need: every lazily loaded element (the shell and
 * the page, together, instead of each only once the one above it has rendered) and, for a signed-in
 * user, the queries the page asks first, which then arrive while its code does.
 */
export function preloadRoutes({ pathname, search }: Pick<Location, 'pathname' | 'search'>) {
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    preloadElement(route.element);
    if (sessionStore.get()) void (route.handle as RouteHandle | undefined)?.prefetch?.(queryClient, search);
  }
}

/** The screen of the current address, and the title its route declares. */
export function AppRoutes() {
  const screen = useRoutes(routes);
  const { pathname } = useLocation();
  const crumb = (matchRoutes(routes, pathname)?.at(-1)?.route.handle as RouteHandle | undefined)?.crumb;
  return <RouteCrumb.Provider value={crumb}>{screen}</RouteCrumb.Provider>;
}
