import {
  ALL_FLOW_KINDS,
  isRequestStatus,
  parseRequestListSearch,
  requestForm,
  requestListBodyOf,
  requestListHref,
  type RequestForm,
} from '@portal/domain';
import { Navigate, useLocation, useParams, type RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/shell/crumbs.ts';
import { NotFoundPage } from '../not-found/NotFoundPage.tsx';
import { lazyPage } from '../../app/lazy-page.ts';

const RequestFormPage = lazyPage(() => import('./RequestFormPage.tsx'), 'RequestFormPage');
const RequestListPage = lazyPage(() => import('./RequestListPage.tsx'), 'RequestListPage');

/**
 * /cadastro-uc-nova/:status (spec part 1 §7: the route pre-fills the status filter) — becomes the
 * list's URL with that status (?status=N), so its state lives where every other filter does.
 * Only a status code; anything else is not a page.
 */
function ListByStatus({ form }: { form: RequestForm }) {
  const code = Number(useParams().status);
  const { search } = useLocation();
  if (!isRequestStatus(code)) return <NotFoundPage />;
  return (
    <Navigate replace to={requestListHref(form, { ...parseRequestListSearch(search), status: [code] })} />
  );
}

const relative = (path: string) => path.replace(/^\//, '');

/**
 * Four routes per request form, built from its configuration. React Router ranks a static
 * segment above a dynamic one, so '/cadastro-uc-nova/nova' never reaches ':status'.
 */
export const requestRoutes: RouteObject[] = ALL_FLOW_KINDS.flatMap(({ flow, kind }) => {
  const form = requestForm(flow, kind);
  const list: RouteHandle = {
    crumb: form.title,
    prefetch: async (client, search) => {
      const { requestListQuery } = await import('./queryKeys.ts');
      return client.prefetchQuery(requestListQuery(form, requestListBodyOf(parseRequestListSearch(search))));
    },
  };
  const edit: RouteHandle = { crumb: form.createButton };
  return [
    { path: relative(form.listPath), element: <RequestListPage form={form} />, handle: list },
    { path: `${relative(form.listPath)}/:status`, element: <ListByStatus form={form} />, handle: list },
    { path: relative(form.newPath), element: <RequestFormPage form={form} />, handle: edit },
    { path: relative(form.editPath), element: <RequestFormPage form={form} />, handle: edit },
  ];
});
