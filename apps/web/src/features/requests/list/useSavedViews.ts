import { listStateOfView, type RequestForm, type RequestListFilters } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ListStateOptions } from './useListState.ts';
import { listSavedViews, savedViewsKey } from './savedViewsApi.ts';

/**
 * The user's saved views of a list, and its default one applied when the list is opened with no
 * state of its own (`arrived`, useListState). Until the views are known the list waits
 * (`waiting`), so a list with a default view is not read twice, once without it.
 */
export function useSavedViews(
  form: RequestForm,
  arrived: boolean,
  apply: (filters: RequestListFilters, options?: ListStateOptions) => void,
) {
  const views = useQuery({
    queryKey: savedViewsKey(form),
    queryFn: () => listSavedViews(form),
    staleTime: 60_000,
    retry: false,
  });
  const fallback = arrived ? views.data?.find((v) => v.padrao) : undefined;
  useEffect(() => {
    if (fallback) apply(listStateOfView(fallback), { replace: true });
  }, [fallback, apply]);
  return { views, waiting: arrived && (views.isPending || fallback !== undefined) };
}
