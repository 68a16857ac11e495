import { notifications } from '@mantine/notifications';

export function toastSuccess(message: string, autoClose?: number): void {
  notifications.show({ color: 'teal', title: 'Sucesso', message, autoClose });
}

export function toastError(message: string, autoClose?: number): void {
  notifications.show({ color: 'red', title: 'Atenção', message, autoClose });
}
