import type { MenuKey } from '@portal/domain';
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/shell/crumbs.ts';
import { MenuGate } from '../../app/MenuGate.tsx';
import { lazyPage } from '../../app/lazy-page.ts';

const CompaniesPage = lazyPage(() => import('./companies/CompaniesPage.tsx'), 'CompaniesPage');
const ConcessionairesPage = lazyPage(
  () => import('./concessionaires/ConcessionairesPage.tsx'),
  'ConcessionairesPage',
);
const GroupsPage = lazyPage(() => import('./groups/GroupsPage.tsx'), 'GroupsPage');
const RegionalsPage = lazyPage(() => import('./regionals/RegionalsPage.tsx'), 'RegionalsPage');
const StatusLabelsPage = lazyPage(() => import('./status-labels/StatusLabelsPage.tsx'), 'StatusLabelsPage');
const UsersPage = lazyPage(() => import('./users/UsersPage.tsx'), 'UsersPage');
const RefusalReasonsPage = lazyPage(
  () => import('./refusal-reasons/RefusalReasonsPage.tsx'),
  'RefusalReasonsPage',
);
const TaskQueuePage = lazyPage(() => import('./task-queue/TaskQueuePage.tsx'), 'TaskQueuePage');

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
  { path: 'fila-tarefas', menuKey: 'fila-tarefas', crumb: 'Fila de tarefas', element: <TaskQueuePage /> },
  {
    path: 'motivos-recusa',
    menuKey: 'motivos-recusa',
    crumb: 'Motivos de Recusa',
    element: <RefusalReasonsPage />,
  },
];

/** Administration (issue 5): each screen behind the menu rule of its entry. */
export const adminRoutes: RouteObject[] = SCREENS.map(({ path, menuKey, crumb, element }) => ({
  path,
  handle: { crumb } satisfies RouteHandle,
  element: <MenuGate menuKey={menuKey}>{element}</MenuGate>,
}));
