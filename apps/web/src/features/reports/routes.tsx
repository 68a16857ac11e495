import { REPORTS } from '@portal/domain/reports';
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page.ts';
import { MenuGate } from '../../app/MenuGate.tsx';

const ReportPage = lazyPage(() => import('./ReportPage.tsx'), 'ReportPage');

/** The six reports (spec part 2 §2.1, §2.10): /relatorios/… and /agua/relatorios/…. */
export const reportRoutes: RouteObject[] = REPORTS.map((report) => ({
  path: report.path.replace(/^\//, ''),
  element: (
    <MenuGate menuKey={report.menuKey}>
      <ReportPage key={report.path} report={report} />
    </MenuGate>
  ),
  handle: { crumb: report.title },
}));
