import { useMutation, useQueryClient } from '@tanstack/react-query';
import { confirmDelete, FAILED } from '../../../ui/feedback.ts';
import { toastError, toastSuccess } from '../../../ui/toast.ts';
import type { AdminResource } from './api.ts';

/**
 * Delete with the spec's confirmation (part 2 §5). The toast is the server's message: either
 * 'Apagado com sucesso!' or why the record was deactivated instead; the list is read again.
 */
export function useDeleteRecord(resource: AdminResource<unknown>) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: resource.remove,
    onSuccess: ({ msg }) => toastSuccess(msg),
    onError: (error) => toastError(`${FAILED.delete}. ${error.message}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: resource.key }),
  });

  return (id: number) => confirmDelete(() => mutation.mutate(id));
}
