import type {
  EmailPreferenceReply,
  NotificationListReply,
  UnreadCountReply,
} from '@portal/domain/contracts/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../api/client.ts';

const KEY = ['notificacoes'] as const;
/** How often the bell asks for its count while the page is open. */
const UNREAD_POLL_MS = 60_000;

/** The bell's count: on load, every minute, and whenever the window regains focus. */
export function useUnreadCount() {
  return useQuery({
    queryKey: [...KEY, 'nao-lidas'],
    queryFn: async () => (await apiGet<UnreadCountReply>('notificacoes/nao-lidas')).nao_lidas,
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
    queryFn: () => apiGet<NotificationListReply>('notificacoes'),
    enabled,
    staleTime: 0,
    retry: false,
  });
}

function useRefreshAfter<T, R>(call: (arg: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export const useMarkRead = () =>
  useRefreshAfter((id: number) => apiPost<UnreadCountReply>('notificacoes/lida', { id }));

export const useMarkAllRead = () =>
  useRefreshAfter(() => apiPost<UnreadCountReply>('notificacoes/todas-lidas'));

export const useEmailPreference = () =>
  useRefreshAfter((on: boolean) =>
    apiPost<EmailPreferenceReply>('notificacoes/preferencia', { recebe_emails: on }),
  );
