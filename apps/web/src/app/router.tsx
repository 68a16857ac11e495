import { createBrowserRouter, Navigate, Outlet, ScrollRestoration } from 'react-router';
import { adminRoutes } from '../features/admin/routes.tsx';
import { ChangePasswordPage } from '../features/auth/ChangePasswordPage.tsx';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import { LogoutPage } from '../features/auth/LogoutPage.tsx';
import { LostPasswordPage } from '../features/auth/LostPasswordPage.tsx';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage.tsx';
import { baseConfirmationRoutes } from '../features/base-confirmation/routes.tsx';
import { deParaRoutes } from '../features/de-para/routes.tsx';
import { fileRoutes } from '../features/files/routes.tsx';
import { guideRoutes } from '../features/guides/routes.tsx';
import { NotFoundPage } from '../features/not-found/NotFoundPage.tsx';
import { reconciliationRoutes } from '../features/reconciliation/routes.tsx';
import { regularizationRoutes } from '../features/regularization/routes.tsx';
import { reportRoutes } from '../features/reports/routes.tsx';
import { requestRoutes } from '../features/requests/routes.tsx';
import { PublicOnly, RequireForcedChange, RequireSession } from './guards.tsx';
import type { RouteHandle } from './shell/crumbs.ts';
import { AppLayout } from './shell/AppLayout.tsx';
import { lazyPage } from './lazy-page.ts';

const DashboardPage = lazyPage(() => import('../features/dashboard/DashboardPage.tsx'), 'DashboardPage');

function Root() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

const notFound: RouteHandle = { crumb: 'Página não encontrada' };

/** Route table of spec part 2 §2.1. Screens of later issues fall through to the not-found page. */
export const router = createBrowserRouter([
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
              { path: 'dashboard', element: <DashboardPage /> },
              // The four request forms (new unit, change of holder; energy, water): 16 routes.
              ...requestRoutes,
              // Regularização CNPJ/Razão Social, energy and water.
              ...regularizationRoutes,
              ...deParaRoutes,
              // Conciliação da Base: the provider's base export imported.
              ...reconciliationRoutes,
              // Confirmação na Base: approved requests the base now holds, confirmed to 8.
              ...baseConfirmationRoutes,
              // The six reports, energy and water.
              ...reportRoutes,
              // An attachment opened from a link in an exported report.
              ...fileRoutes,
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
]);
