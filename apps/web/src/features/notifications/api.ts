import {
  emailPreferenceCall,
  markAllReadCall,
  markReadCall,
  notificationListCall,
  unreadCountCall,
} from '@portal/domain/contracts/calls/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

const KEY = ['notificacoes'] as const;
/** How often the bell asks for its count while the page is open. */
const UNREAD_POLL_MS = 60_000;

/** The bell's count: on load, every minute, and whenever the window regains focus. */
export function useUnreadCount() {
  return useQuery({
    queryKey: [...KEY, 'nao-lidas'],
    queryFn: async () => (await call(unreadCountCall)).nao_lidas,
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 0,
    retry: false,
  });
}

/** My notices, newest first, fetched when the bell's panel opens. */
export function useNotifications(enabled: boolean) {
  return useQuery({
    queryKey: [...KEY, 'lista'],
    queryFn: () => call(notificationListCall),
    enabled,
    staleTime: 0,
    retry: false,
  });
}

function useRefreshAfter<T, R>(send: (arg: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export const useMarkRead = () => useRefreshAfter((id: number) => call(markReadCall, { body: { id } }));

export const useMarkAllRead = () => useRefreshAfter(() => call(markAllReadCall));

export const useEmailPreference = () =>
  useRefreshAfter((on: boolean) => call(emailPreferenceCall, { body: { recebe_emails: on } }));
