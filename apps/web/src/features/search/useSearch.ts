import { keepPreviousData, useQuery } from '@tanstack/react-query';

/**
 * The top bar's search, once typing pauses. Its call and contract are fetched with the first
 * search, not with the shell every page loads (docs/decisions/web-runtime.md, D-WEB-012).
 */
export const useSearch = (q: string, enabled: boolean) =>
  useQuery({
    queryKey: ['busca', q] as const,
    queryFn: async () => (await import('./api.ts')).searchGroups(q),
    enabled,
    staleTime: 30_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
