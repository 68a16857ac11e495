import { useQuery } from '@tanstack/react-query';
import { validate } from '../../features/auth/api.ts';
import { sessionStore } from './store.ts';
import { useSession } from './useSession.ts';

/** Spec part 1 §9: the session is re-validated on load and every 500000 ms. */
export const REVALIDATE_MS = 500_000;

/**
 * Keeps the stored user in step with the server. A validation the server refuses (401) destroys
 * the session in the API client, and the route guard then sends the user to /login (spec part 1
 * §7 GET validate). Any other failure — offline, or an answer cut short by a reload — proves
 * nothing about the session, so it is kept and the next check decides.
 */
export function useSessionKeeper(): void {
  const token = useSession()?.token;
  useQuery({
    queryKey: ['session', 'validate', token],
    queryFn: async () => {
      const { user } = await validate();
      sessionStore.updateUser(user);
      return user;
    },
    enabled: Boolean(token),
    refetchInterval: REVALIDATE_MS,
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
    retry: false,
    gcTime: 0,
  });
}
