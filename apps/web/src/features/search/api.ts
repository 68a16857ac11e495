import type { SearchReply } from '@portal/domain/contracts/search';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../api/client.ts';

/** The top bar's search (GET /api/busca, issue 34): the groups of the text, once typing pauses. */
export const searchQueryOptions = (q: string) => ({
  queryKey: ['busca', q] as const,
  queryFn: async () => (await apiGet<SearchReply>(`busca?q=${encodeURIComponent(q)}`)).dados,
  staleTime: 30_000,
  retry: false,
});

export const useSearch = (q: string, enabled: boolean) =>
  useQuery({ ...searchQueryOptions(q), enabled, placeholderData: keepPreviousData });
