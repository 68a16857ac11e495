import { useDebouncedValue } from '@mantine/hooks';
import { DEFAULT_PAGE_SIZE, SEARCH_MIN_LENGTH } from '@portal/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DataTableSortStatus } from '../../../ui/DataTable.tsx';
import { useEffect, useState } from 'react';
import { toastError } from '../../../ui/toast.ts';
import type { AdminResource, ListParams } from './api.ts';
import { FAILED } from '../../../ui/feedback.ts';

const SEARCH_DEBOUNCE_MS = 350;

export interface AdminListOptions<T> {
  resource: AdminResource<T>;
  defaultSort: DataTableSortStatus<T>;
  /** Screen filters sent with every call; changing one starts again from page 1. */
  filters?: Record<string, unknown>;
}

/**
 * Server-side paging, sorting and quick search of one administration list. Paging state is
 * tied to the resource and filters it was chosen for, so switching either shows page 1 again
 * without an extra render on a stale page.
 */
export function useAdminList<T>({ resource, defaultSort, filters = {} }: AdminListOptions<T>) {
  const scope = JSON.stringify([resource.base, filters]);
  const [paging, setPaging] = useState({ scope, page: 1 });
  const page = paging.scope === scope ? paging.page : 1;
  const setPage = (next: number) => setPaging({ scope, page: next });

  const [perPage, setPerPageState] = useState<number>(DEFAULT_PAGE_SIZE);
  const [sort, setSortState] = useState<DataTableSortStatus<T>>(defaultSort);
  const [search, setSearchState] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);

  const params: ListParams = {
    page,
    per_page: perPage,
    q: debounced.length >= SEARCH_MIN_LENGTH ? debounced : undefined,
    sort: String(sort.columnAccessor),
    order: sort.direction,
    ...filters,
  };
  const query = useQuery({
    queryKey: [...resource.key, 'list', params],
    queryFn: () => resource.list(params),
    placeholderData: keepPreviousData,
    retry: false,
  });

  useEffect(() => {
    if (query.isError) toastError(FAILED.list);
  }, [query.isError]);

  // A delete can empty the last page: move to the page before it (a guarded update during render,
  // React's pattern for state that follows data, so the empty page is never painted).
  const total = query.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  if (query.isSuccess && !query.isPlaceholderData && page > lastPage) setPage(lastPage);

  const restart = () => setPage(1);
  const { page: _page, per_page: _perPage, ...current } = params;
  return {
    query,
    /** What the list shows now, without its paging: its export writes exactly these rows. */
    exportFilters: Object.fromEntries(
      Object.entries(current).map(([key, value]) => [key, value === undefined ? undefined : String(value)]),
    ),
    search,
    setSearch: (value: string) => {
      setSearchState(value);
      restart();
    },
    table: {
      records: query.data?.dados ?? [],
      totalRecords: total,
      fetching: query.isFetching,
      page,
      onPageChange: setPage,
      recordsPerPage: perPage,
      onRecordsPerPageChange: (value: number) => {
        setPerPageState(value);
        restart();
      },
      sortStatus: sort,
      onSortStatusChange: (value: DataTableSortStatus<T>) => {
        setSortState(value);
        restart();
      },
    },
  };
}
