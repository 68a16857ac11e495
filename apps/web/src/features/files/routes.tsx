import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page.ts';

const FileViewerPage = lazyPage(() => import('./FileViewerPage.tsx'), 'FileViewerPage');

/** Attachments opened from exported spreadsheets' links (the server writes /arquivo/… there). */
export const fileRoutes: RouteObject[] = [
  { path: 'arquivo/*', element: <FileViewerPage />, handle: { crumb: 'Arquivo' } },
];
