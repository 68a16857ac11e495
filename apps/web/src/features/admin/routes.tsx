import type { MenuKey } from '@portal/domain';
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/shell/crumbs.ts';
import { CompaniesPage } from './companies/CompaniesPage.tsx';
import { ConcessionairesPage } from './concessionaires/ConcessionairesPage.tsx';
import { GroupsPage } from './groups/GroupsPage.tsx';
import { RegionalsPage } from './regionals/RegionalsPage.tsx';
import { MenuGate } from '../../app/MenuGate.tsx';
import { StatusLabelsPage } from './status-labels/StatusLabelsPage.tsx';
import { UsersPage } from './users/UsersPage.tsx';

interface AdminScreen {
  path: string;
  /** The menu rule that shows the screen; the server guards its endpoints with the same one. */
  menuKey: MenuKey;
  crumb: string;
  element: ReactNode;
}

const SCREENS: AdminScreen[] = [
  { path: 'usuarios', menuKey: 'usuarios', crumb: 'Usuários', element: <UsersPage /> },
  { path: 'grupo', menuKey: 'grupo', crumb: 'Grupo de Acesso', element: <GroupsPage /> },
  { path: 'regional', menuKey: 'regional', crumb: 'Regional', element: <RegionalsPage /> },
  { path: 'empresas', menuKey: 'empresas', crumb: 'Empresas', element: <CompaniesPage /> },
  // No menu entry yet: reached from Empresas, under the same permission the server checks.
  {
    path: 'concessionarias',
    menuKey: 'empresas',
    crumb: 'Concessionárias',
    element: <ConcessionairesPage />,
  },
  {
    path: 'status/nova-unidade',
    menuKey: 'status',
    crumb: 'Status Energia',
    element: <StatusLabelsPage key="energia" fluxo="energia" title="Status Energia" />,
  },
  {
    path: 'status/regularizacao',
    menuKey: 'status',
    crumb: 'Status Água',
    element: <StatusLabelsPage key="agua" fluxo="agua" title="Status Água" />,
  },
];

/** Administration (issue 5): each screen behind the menu rule of its entry. */
export const adminRoutes: RouteObject[] = SCREENS.map(({ path, menuKey, crumb, element }) => ({
  path,
  handle: { crumb } satisfies RouteHandle,
  element: <MenuGate menuKey={menuKey}>{element}</MenuGate>,
}));
