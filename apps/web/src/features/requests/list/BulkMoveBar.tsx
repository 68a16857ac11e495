import { Alert, Button, Checkbox, Group, Modal, Paper, Progress, Stack, Text, Textarea } from '@mantine/core';
import {
  BULK_MOVE_LIMIT,
  bulkMoves,
  formFieldLabel,
  statusLabel,
  type ActionTone,
  type BulkMove,
  type BulkMoveField,
  type RequestForm,
} from '@portal/domain';
import type { BulkMoveFilter, BulkMoveReply } from '@portal/domain/contracts/bulk-moves';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ApiError } from '../../../api/client.ts';
import { useSessionUser } from '../../../app/session/useSession.ts';
import type { DataTableColumn } from '../../../ui/DataTable.tsx';
import { FAILED } from '../../../ui/feedback.ts';
import { toastError, toastSuccess } from '../../../ui/toast.ts';
import { RefusalReasonInput } from '../../refusal-reasons/RefusalReasonInput.tsx';
import { NO_REASON, reasonPayload, type ReasonValue } from '../../refusal-reasons/reason-value.ts';
import type { RequestRow } from '../api.ts';
import { requestKeys } from '../queryKeys.ts';
import { moveMany } from './bulkMoveApi.ts';
import { BulkMoveResults } from './BulkMoveResults.tsx';

interface Picked {
  /** The filter the selection was made under: another filter starts with nothing selected. */
  filterKey: string;
  rows: RequestRow[];
  /** "All rows of this filter", resolved by the server. */
  all: boolean;
}

export interface BulkSelection {
  form: RequestForm;
  moves: BulkMove[];
  rows: RequestRow[];
  all: boolean;
  count: number;
  /** The whole filter, when it may be selected at once (null when its total is unknown or too big). */
  filterTotal: number | null;
  filter: BulkMoveFilter;
  pageSelected: boolean;
  selectAll: () => void;
  clear: () => void;
  /** The checkbox column, first in the table; none when the role has no move to take. */
  columns: DataTableColumn<RequestRow>[];
}

/**
 * The rows ticked in a request list (issue 34 step 4): one by one, the page, or every row of the
 * filter (up to BULK_MOVE_LIMIT). Only a user with a move to take on this form sees the checkboxes.
 */
export function useBulkSelection(
  form: RequestForm,
  list: { rows: RequestRow[]; total: number; limited: boolean; filter: BulkMoveFilter },
): BulkSelection {
  const user = useSessionUser();
  const moves = bulkMoves(user, form.flow);
  const { filter } = list;
  const filterKey = JSON.stringify(filter);
  const [state, setState] = useState<Picked>({ filterKey, rows: [], all: false });
  const picked = state.filterKey === filterKey ? state : { filterKey, rows: [], all: false };
  const isPicked = (r: RequestRow) => picked.all || picked.rows.some((p) => p.id === r.id);
  const pageSelected = list.rows.length > 0 && list.rows.every(isPicked);

  const toggle = (r: RequestRow, checked: boolean) =>
    setState({
      filterKey,
      all: false,
      rows: checked ? [...picked.rows, r] : picked.rows.filter((p) => p.id !== r.id),
    });
  const togglePage = (checked: boolean) => {
    const others = picked.rows.filter((p) => !list.rows.some((r) => r.id === p.id));
    setState({ filterKey, all: false, rows: checked ? [...others, ...list.rows] : others });
  };

  const columns: DataTableColumn<RequestRow>[] = moves.length
    ? [
        {
          accessor: 'selecionar',
          title: (
            <Checkbox
              aria-label="Selecionar as solicitações da página"
              checked={pageSelected}
              indeterminate={!pageSelected && list.rows.some(isPicked)}
              disabled={list.rows.length === 0 || picked.all}
              onChange={(event) => togglePage(event.currentTarget.checked)}
            />
          ),
          width: 40,
          render: (r) => (
            // The row opens the record on click: a click on its checkbox only ticks it.
            <div onClick={(event) => event.stopPropagation()}>
              <Checkbox
                aria-label={`Selecionar a solicitação nº ${r.id}`}
                checked={isPicked(r)}
                disabled={picked.all}
                onChange={(event) => toggle(r, event.currentTarget.checked)}
              />
            </div>
          ),
        },
      ]
    : [];

  return {
    form,
    moves,
    rows: picked.rows,
    all: picked.all,
    count: picked.all ? list.total : picked.rows.length,
    filterTotal: list.limited ? null : list.total,
    filter,
    pageSelected,
    selectAll: () => setState({ filterKey, rows: [], all: true }),
    clear: () => setState({ filterKey, rows: [], all: false }),
    columns,
  };
}

const TONE_COLORS: Record<ActionTone, string> = { approve: 'green', refuse: 'red', forward: 'blue' };

/** "n solicitação(ões)" */
const requests = (n: number) => (n === 1 ? '1 solicitação' : `${n} solicitações`);

/**
 * The bar over a request list while rows are ticked: how many, "select all of this filter", and
 * one button per move the role may take (bulkMoves). Each move opens the confirmation dialog.
 */
export function BulkMoveBar({ selection }: { selection: BulkSelection }) {
  const [move, setMove] = useState<BulkMove | null>(null);
  const { form, count, filterTotal } = selection;
  if (!selection.moves.length) return null;

  const canSelectAll = !selection.all && selection.pageSelected && (filterTotal ?? Infinity) > count;
  // The dialog outlives the selection (it shows the results once the moved rows are cleared), so it
  // keeps one place in the tree whether the bar shows or not.
  const dialog = move && <BulkMoveDialog selection={selection} move={move} onClose={() => setMove(null)} />;
  return (
    <>
      {count > 0 && (
        <Paper withBorder p="sm" radius="md" role="region" aria-label="Ações em lote">
          <Stack gap="xs">
            <Group justify="space-between" gap="sm">
              <Group gap="sm">
                <Text fw={600}>
                  {selection.all
                    ? `Todas as ${requests(count)} deste filtro selecionadas`
                    : `${count === 1 ? '1 selecionada' : `${count} selecionadas`}`}
                </Text>
                <Button variant="subtle" size="compact-sm" onClick={selection.clear}>
                  Limpar seleção
                </Button>
              </Group>
              <Group gap="xs">
                {selection.moves.map((m) => (
                  <Button
                    key={m.status}
                    size="sm"
                    variant="light"
                    color={TONE_COLORS[m.tone]}
                    title={`Mover para "${statusLabel(m.status, form.flow, form.kind)}"`}
                    onClick={() => setMove(m)}
                  >
                    {m.label}
                  </Button>
                ))}
              </Group>
            </Group>
            {canSelectAll &&
              (filterTotal !== null && filterTotal <= BULK_MOVE_LIMIT ? (
                <Button variant="subtle" size="compact-sm" onClick={selection.selectAll} w="fit-content">
                  Selecionar todas deste filtro ({filterTotal})
                </Button>
              ) : (
                <Text size="sm" c="dimmed">
                  Este filtro tem mais de {BULK_MOVE_LIMIT} solicitações: refine-o para mover todas de uma
                  vez.
                </Text>
              ))}
          </Stack>
        </Paper>
      )}
      {dialog}
    </>
  );
}

/**
 * How each field a move asks once is typed. A field added to BULK_MOVE_FIELDS in the domain adds
 * its input here, and the dialog asks it with the others.
 */
const ASK_INPUTS: Record<
  BulkMoveField,
  (props: {
    form: RequestForm;
    move: BulkMove;
    required: boolean;
    value: string;
    onChange: (v: string) => void;
  }) => ReactNode
> = {
  observacao: ({ form, move, required, value, onChange }) => (
    <Textarea
      label={formFieldLabel(form, 'observacao')}
      description={
        move.tone === 'refuse'
          ? 'Diga por que: vai para o histórico de cada solicitação e para o aviso ao solicitante.'
          : 'Opcional: vai para o histórico de cada solicitação.'
      }
      required={required}
      autosize
      minRows={3}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  ),
};

function BulkMoveDialog({
  selection,
  move,
  onClose,
}: {
  selection: BulkSelection;
  move: BulkMove;
  onClose: () => void;
}) {
  const { form, count } = selection;
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Partial<Record<BulkMoveField, string>>>({});
  const [reason, setReason] = useState<ReasonValue>(NO_REASON);
  const [answer, setAnswer] = useState<BulkMoveReply | null>(null);
  const target = statusLabel(move.status, form.flow, form.kind);

  const moving = useMutation({
    mutationFn: () =>
      moveMany(form, {
        status: move.status,
        campos: { ...values, ...reasonPayload(move.reason, reason) },
        ...(selection.all
          ? { filtro: selection.filter }
          : { solicitacoes: selection.rows.map(({ id, version }) => ({ id, version })) }),
      }),
    onSuccess: (reply) => {
      setAnswer(reply);
      const moved = reply.resultados.some((r) => r.resultado === 'movida');
      (moved ? toastSuccess : toastError)(reply.msg, 10_000);
      selection.clear();
    },
    onError: (err) => toastError(err instanceof ApiError ? err.message : FAILED.save),
    onSettled: () => queryClient.invalidateQueries({ queryKey: requestKeys.all(form) }),
  });

  const missing =
    move.asks.some((a) => a.required && !values[a.field]?.trim()) ||
    (move.reason !== null && reason.motivo_recusa_id === null);
  return (
    <Modal
      opened
      onClose={moving.isPending ? () => undefined : onClose}
      title={`${move.label}: ${requests(answer ? answer.resultados.length : count)}`}
      size={answer ? 'xl' : 'lg'}
      closeOnClickOutside={!moving.isPending}
    >
      {answer ? (
        <Stack gap="sm">
          <Text>{answer.msg}</Text>
          <BulkMoveResults form={form} results={answer.resultados} />
          <Group justify="flex-end">
            <Button onClick={onClose}>Fechar</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text>
            {selection.all ? `Todas as ${requests(count)} deste filtro` : requests(count)} vão para "{target}
            ". Cada uma passa pelas mesmas regras de quando é salva sozinha: as que não puderem ser movidas
            ficam como estão, com o motivo.
          </Text>
          {move.reason && <RefusalReasonInput move={move.reason} value={reason} onChange={setReason} />}
          {move.asks.map((ask) => (
            <div key={ask.field}>
              {ASK_INPUTS[ask.field]({
                form,
                move,
                required: ask.required,
                value: values[ask.field] ?? '',
                onChange: (v) => setValues((current) => ({ ...current, [ask.field]: v })),
              })}
            </div>
          ))}
          {moving.isPending && (
            <Alert color="blue" title={`Movendo ${requests(count)}…`}>
              <Progress value={100} striped animated aria-label="Movendo as solicitações" />
              <Text size="sm" mt="xs">
                Cada solicitação é gravada com seu histórico e seus avisos. Não feche esta janela.
              </Text>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={moving.isPending}>
              Cancelar
            </Button>
            <Button
              color={TONE_COLORS[move.tone]}
              disabled={missing}
              loading={moving.isPending}
              onClick={() => moving.mutate()}
            >
              Confirmar
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
