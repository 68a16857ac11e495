import { useSyncExternalStore } from 'react';
import { sessionStore, type Session } from './store.ts';

export function useSession(): Session | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
}

/** For screens that only render inside the private guard, where a session always exists. */
export function useSessionUser(): Session['user'] {
  const session = useSession();
  if (!session) throw new Error('useSessionUser fora de uma rota autenticada');
  return session.user;
}
