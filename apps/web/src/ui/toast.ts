import type { NotificationData } from '@mantine/notifications';
import type { ReactNode } from 'react';

/*
 * Toasts load Mantine's notifications with the first one shown: most visits never show one, and
 * the library (with its transitions) would otherwise be in every route's first load. Its store
 * keeps a toast shown before <Toasts> mounts, and the container renders it once it has.
 */

const listeners = new Set<() => void>();
let requested = false;

function show(data: NotificationData): void {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  void import('@mantine/notifications').then(({ notifications }) => notifications.show(data));
}

/** Whether a toast was asked for yet, for the host that mounts the container (Toasts.tsx). */
export const toastRequests = {
  get: () => requested,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function toastSuccess(message: ReactNode, autoClose?: number): void {
  show({ color: 'teal', title: 'Sucesso', message, autoClose });
}

export function toastError(message: string, autoClose?: number): void {
  show({ color: 'red', title: 'Atenção', message, autoClose });
}
