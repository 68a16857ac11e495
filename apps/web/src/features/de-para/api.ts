import type { DeParaOptions } from '@portal/domain/contracts/de-para';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../api/client.ts';
import { adminResource } from '../admin/shared/api.ts';

export type { DeParaOptions, DeParaRow } from '@portal/domain/contracts/de-para';

/** de-para/list|add|edit|delete: the same envelope and paging as the administration screens. */
export const deParaResource = adminResource('de-para');

/** What "Para" offers; read each time the form opens, so a concessionaire added meanwhile shows up. */
export function useDeParaOptions() {
  return useQuery({
    queryKey: [...deParaResource.key, 'opcoes'],
    queryFn: async () => (await apiGet<{ dados: DeParaOptions }>('de-para/opcoes')).dados,
    retry: false,
  });
}
