import { Badge, Button, Card, Group, SegmentedControl, Stack, Text, Title, Tooltip } from '@mantine/core';
import { DEFAULT_PAGE_SIZE } from '@portal/domain';
import type { MessageReply } from '@portal/domain/contracts/envelopes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DataTable } from '../../../ui/DataTable.tsx';
import { useEffect, useState } from 'react';
import { FAILED } from '../../../ui/feedback.ts';
import { PAGE_SIZE_CHOICE, paginationText } from '../../../ui/listTable.ts';
import { modals } from '../../../ui/modals.ts';
import { toastError, toastSuccess } from '../../../ui/toast.ts';
import { whenText } from '../../logs/when.ts';
import { discardTask, listTasks, requeueTask, taskKeys, type TaskRow, type TaskSituation } from './api.ts';

const SITUATIONS: { value: TaskSituation; label: string }[] = [
  { value: 'falhas', label: 'Todas as falhas' },
  { value: 'desistidas', label: 'Abandonadas' },
  { value: 'tentando', label: 'Em nova tentativa' },
];

/** Asks before acting; the toast is the server's message, and the list is read again. */
function useTaskAction(action: (id: number) => Promise<MessageReply>, failed: string) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: action,
    onSuccess: ({ msg }) => toastSuccess(msg),
    onError: (error) => toastError(`${failed}. ${error.message}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: taskKeys.all }),
  });
  return mutation;
}

/**
 * /fila-tarefas 'Fila de tarefas' (issue 16): the background tasks (e-mails) that failed, newest
 * first. An abandoned one (every attempt failed) can be run again; any failed one discarded.
 * Administrators only; the server hides recipients and links.
 */
export function TaskQueuePage() {
  const [situacao, setSituacao] = useState<TaskSituation>('falhas');
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<number>(DEFAULT_PAGE_SIZE);
  const query = { situacao, page, per_page: perPage };
  const list = useQuery({
    queryKey: taskKeys.list(query),
    queryFn: () => listTasks(query),
    placeholderData: keepPreviousData,
    retry: false,
  });
  useEffect(() => {
    if (list.isError) toastError(list.error.message || FAILED.list);
  }, [list.isError, list.error]);

  const requeue = useTaskAction(requeueTask, 'Não foi possível reexecutar');
  const discard = useTaskAction(discardTask, 'Não foi possível descartar');
  const confirm = (row: TaskRow, kind: 'reexecutar' | 'descartar') =>
    modals.openConfirmModal({
      title: kind === 'reexecutar' ? 'Reexecutar a tarefa?' : 'Descartar a tarefa?',
      children:
        kind === 'reexecutar'
          ? `"${row.tipo_label}" (${row.descricao}) volta para a fila com ${row.max_tentativas} novas tentativas.`
          : `"${row.tipo_label}" (${row.descricao}) será apagada e não será mais enviada. Isso não poderá ser desfeito.`,
      labels: { confirm: kind === 'reexecutar' ? 'Sim, reexecutar' : 'Sim, descartar', cancel: 'Cancelar' },
      confirmProps: kind === 'descartar' ? { color: 'red' } : {},
      centered: true,
      onConfirm: () => (kind === 'reexecutar' ? requeue : discard).mutate(row.id),
    });

  return (
    <Card padding="lg" radius="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={1} fz={22}>
            Fila de tarefas
          </Title>
          <SegmentedControl
            aria-label="Situação"
            data={SITUATIONS}
            value={situacao}
            onChange={(value) => {
              setSituacao(value as TaskSituation);
              setPage(1);
            }}
          />
        </Group>
        <Text size="sm" c="dimmed">
          Tarefas em segundo plano (e-mails) que falharam. Uma tarefa é abandonada depois de esgotar as
          tentativas; reexecute-a quando o problema for resolvido, ou descarte-a.
        </Text>
        <DataTable<TaskRow>
          striped
          minHeight={180}
          fetching={list.isFetching}
          idAccessor="id"
          records={list.data?.dados ?? []}
          totalRecords={list.data?.total ?? 0}
          recordsPerPage={perPage}
          onRecordsPerPageChange={(size: number) => {
            setPerPage(size);
            setPage(1);
          }}
          {...PAGE_SIZE_CHOICE}
          page={page}
          onPageChange={setPage}
          noRecordsText="Nenhuma tarefa com falha."
          paginationText={paginationText}
          columns={[
            { accessor: 'tipo_label', title: 'Tipo' },
            { accessor: 'descricao', title: 'Descrição' },
            {
              accessor: 'situacao',
              title: 'Situação',
              noWrap: true,
              render: (r) =>
                r.situacao === 'desistida' ? (
                  <Badge color="red" variant="light">
                    Abandonada
                  </Badge>
                ) : (
                  <Badge color="yellow" variant="light">
                    Em nova tentativa
                  </Badge>
                ),
            },
            {
              accessor: 'tentativas',
              title: 'Tentativas',
              render: (r) => `${r.tentativas} de ${r.max_tentativas}`,
            },
            {
              accessor: 'ultimo_erro',
              title: 'Último erro',
              render: (r) => (
                <Text size="sm" lineClamp={2} title={r.ultimo_erro ?? undefined}>
                  {r.ultimo_erro ?? '—'}
                </Text>
              ),
            },
            { accessor: 'criada_em', title: 'Criada em', noWrap: true, render: (r) => whenText(r.criada_em) },
            {
              accessor: 'proxima_execucao',
              title: 'Próxima tentativa',
              noWrap: true,
              render: (r) => (r.proxima_execucao ? whenText(r.proxima_execucao) : '—'),
            },
            {
              accessor: 'acoes',
              title: 'Ações',
              noWrap: true,
              render: (r) => (
                <Group gap="xs" wrap="nowrap">
                  <Tooltip
                    label="Só uma tarefa abandonada pode ser reexecutada"
                    disabled={r.situacao === 'desistida'}
                  >
                    <Button
                      size="xs"
                      variant="light"
                      disabled={r.situacao !== 'desistida'}
                      aria-label={`Reexecutar tarefa ${r.id}`}
                      onClick={() => confirm(r, 'reexecutar')}
                    >
                      Reexecutar
                    </Button>
                  </Tooltip>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    aria-label={`Descartar tarefa ${r.id}`}
                    onClick={() => confirm(r, 'descartar')}
                  >
                    Descartar
                  </Button>
                </Group>
              ),
            },
          ]}
        />
      </Stack>
    </Card>
  );
}
