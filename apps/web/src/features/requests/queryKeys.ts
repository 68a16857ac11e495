import type { Flow, RequestForm } from '@portal/domain';
import { adminKey } from '../admin/shared/api.ts';
import { queryOptions } from '@tanstack/react-query';
import { listRequests, type ListParams } from './api.ts';

/**
 * Every query key of the request screens, one factory so a mutation invalidates exactly what it
 * changed: a save invalidates `all(form)`, which holds the lists, the record and its histories.
 */
export const requestKeys = {
  all: (form: RequestForm) => ['requests', form.apiBase] as const,
  list: (form: RequestForm, params: ListParams) => [...requestKeys.all(form), 'list', params] as const,
  record: (form: RequestForm, id: number | undefined) => [...requestKeys.all(form), 'record', id] as const,
};

/** A page of a request list: what the list shows, and what the app asks ahead when it opens there. */
export const requestListQuery = (form: RequestForm, params: ListParams) =>
  queryOptions({
    queryKey: requestKeys.list(form, params),
    queryFn: () => listRequests(form, params),
    retry: false,
  });

/** The lookups the forms read: shared by every form, so keyed outside any one of them. */
export const lookupKeys = {
  cities: (uf: string | null) => ['lookups', 'cidades', uf] as const,
  concessionaires: (flow: Flow) => ['lookups', 'concessionarias', flow] as const,
  regionals: () => ['lookups', 'regionais'] as const,
  /**
   * Under the Status screen's own key: a label saved there invalidates it, so this session shows
   * the new name at once.
   */
  statusLabels: () => [...adminKey('status-rotulos'), 'rotulos'] as const,
};
