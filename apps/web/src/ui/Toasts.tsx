import type { NotificationsProps } from '@mantine/notifications';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toastRequests } from './toast.ts';

const Notifications = lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));

/** Mantine's notification container, fetched and mounted when the first toast is shown (toast.ts). */
export function Toasts(props: NotificationsProps) {
  const requested = useSyncExternalStore(toastRequests.subscribe, toastRequests.get);
  return requested ? (
    <Suspense fallback={null}>
      <Notifications {...props} />
    </Suspense>
  ) : null;
}
