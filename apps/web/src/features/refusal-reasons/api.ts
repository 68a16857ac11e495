import { useQuery } from '@tanstack/react-query';
import type { RefusalMove } from '@portal/domain';
import { refusalReasonOptionsCall } from '@portal/domain/contracts/calls/admin/refusal-reasons';
import { call } from '../../api/client.ts';

/** The active reasons of one refusing move, for the action dialogs (issue 34 step 3). */
export const useRefusalReasons = (movimento: RefusalMove | null) =>
  useQuery({
    queryKey: ['motivos-recusa', 'opcoes', movimento],
    queryFn: async () => (await call(refusalReasonOptionsCall, { query: { movimento: movimento! } })).dados,
    enabled: movimento !== null,
    staleTime: 60_000,
  });
