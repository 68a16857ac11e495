import { ALL_FLOW_KINDS, isRequestStatus, requestForm, type RequestForm } from '@portal/domain';
import { useParams, type RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/shell/crumbs.ts';
import { NotFoundPage } from '../not-found/NotFoundPage.tsx';
import { lazyPage } from '../../app/lazy-page.ts';

const RequestFormPage = lazyPage(() => import('./RequestFormPage.tsx'), 'RequestFormPage');
const RequestListPage = lazyPage(() => import('./RequestListPage.tsx'), 'RequestListPage');

/** /cadastro-uc-nova/:status — only a status code; anything else is not a page. */
function ListByStatus({ form }: { form: RequestForm }) {
  const code = Number(useParams().status);
  return isRequestStatus(code) ? <RequestListPage form={form} initialStatus={code} /> : <NotFoundPage />;
}

const relative = (path: string) => path.replace(/^\//, '');

/**
 * Four routes per request form, built from its configuration. React Router ranks a static
 * segment above a dynamic one, so '/cadastro-uc-nova/nova' never reaches ':status'.
 */
export const requestRoutes: RouteObject[] = ALL_FLOW_KINDS.flatMap(({ flow, kind }) => {
  const form = requestForm(flow, kind);
  const list: RouteHandle = { crumb: form.title };
  const edit: RouteHandle = { crumb: form.createButton };
  return [
    { path: relative(form.listPath), element: <RequestListPage form={form} />, handle: list },
    { path: `${relative(form.listPath)}/:status`, element: <ListByStatus form={form} />, handle: list },
    { path: relative(form.newPath), element: <RequestFormPage form={form} />, handle: edit },
    { path: relative(form.editPath), element: <RequestFormPage form={form} />, handle: edit },
  ];
});
