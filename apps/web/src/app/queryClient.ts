import { QueryClient } from '@tanstack/react-query';
import { sessionStore } from './session/store.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000 },
  },
});

// Answers belong to the session that fetched them: when the session ends or another one
// starts (logout, expiry, a new sign-in in the same tab), none of them may be shown again.
let currentToken = sessionStore.get()?.token;
sessionStore.subscribe(() => {
  const token = sessionStore.get()?.token;
  if (token === currentToken) return;
  currentToken = token;
  queryClient.clear();
});
