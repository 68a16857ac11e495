import type { UserOptions } from '@portal/domain/contracts/admin';
import { useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../api/client.ts';
import { adminResource } from '../shared/api.ts';

export const usersResource = adminResource('usuarios');

export type { UserOptions, UserRow } from '@portal/domain/contracts/admin';

/** What the user form chooses from; read each time the form opens, so new companies show up. */
export function useUserOptions() {
  return useQuery({
    queryKey: [...usersResource.key, 'opcoes'],
    queryFn: async () => (await apiGet<{ dados: UserOptions }>('usuarios/opcoes')).dados,
    retry: false,
  });
}

export const sendPasswordReset = (id: number) =>
  apiPost<{ msg: string }>('usuarios/enviar-redefinicao-senha', { id });
