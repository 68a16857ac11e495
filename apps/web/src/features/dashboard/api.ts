import type { HomeTotals } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../api/client.ts';

export function useHomeTotals() {
  return useQuery({
    queryKey: ['home'],
    queryFn: async () => (await apiGet<{ dados: HomeTotals }>('home')).dados,
    retry: false,
  });
}
