import { userCalls } from '@portal/domain/contracts/calls/admin/users';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { adminResource } from '../shared/api.ts';

export const usersResource = adminResource(userCalls);

export type { UserOptions, UserRow } from '@portal/domain/contracts/admin';

/** What the user form chooses from; read each time the form opens, so new companies show up. */
export function useUserOptions() {
  return useQuery({
    queryKey: [...usersResource.key, 'opcoes'],
    queryFn: async () => (await call(userCalls.options)).dados,
    retry: false,
  });
}

export const sendPasswordReset = (id: number) => call(userCalls.sendReset, { body: { id } });
