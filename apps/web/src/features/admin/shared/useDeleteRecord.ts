import { modals } from '@mantine/modals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastError, toastSuccess } from '../../../ui/toast.ts';
import type { AdminResource } from './api.ts';

const DELETE_CONFIRM = {
  title: 'Você tem certeza?',
  body: 'Isso não poderá ser desfeito',
  confirm: 'Sim, Apagar!',
  cancel: 'Cancelar',
} as const;

/**
 * Delete with the spec's confirmation (part 2 §5). The toast is the server's message: either
 * 'Apagado com sucesso!' or why the record was deactivated instead; the list is read again.
 */
export function useDeleteRecord(resource: AdminResource) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: resource.remove,
    onSuccess: ({ msg }) => toastSuccess(msg),
    onError: (error) => toastError(`Não foi possível apagar. ${error.message}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: resource.key }),
  });

  return (id: number) =>
    modals.openConfirmModal({
      title: DELETE_CONFIRM.title,
      children: DELETE_CONFIRM.body,
      labels: { confirm: DELETE_CONFIRM.confirm, cancel: DELETE_CONFIRM.cancel },
      confirmProps: { color: 'red' },
      centered: true,
      onConfirm: () => mutation.mutate(id),
    });
}
