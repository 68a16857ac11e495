import {
  deParaAddCall,
  deParaDeleteCall,
  deParaEditCall,
  deParaListCall,
  deParaOptionsCall,
} from '@portal/domain/contracts/calls/de-para';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import { adminResource } from '../admin/shared/api.ts';

export type { DeParaOptions, DeParaRow } from '@portal/domain/contracts/de-para';

/** de-para/list|add|edit|delete: the same envelope and paging as the administration screens. */
export const deParaResource = adminResource({
  list: deParaListCall,
  add: deParaAddCall,
  edit: deParaEditCall,
  delete: deParaDeleteCall,
});

/** What "Para" offers; read each time the form opens, so a concessionaire added meanwhile shows up. */
export function useDeParaOptions() {
  return useQuery({
    queryKey: [...deParaResource.key, 'opcoes'],
    queryFn: async () => (await call(deParaOptionsCall)).dados,
    retry: false,
  });
}
