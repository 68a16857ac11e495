import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  List,
  SegmentedControl,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  DEFAULT_PAGE_SIZE,
  requestForm,
  requestPolicy,
  SEARCH_MIN_LENGTH,
  STATUS,
  type Flow,
} from '@portal/domain';
import {
  BASE_CONFIRMATION_SITUATIONS,
  type BaseConfirmationSituation,
} from '@portal/domain/contracts/base-confirmation';
import { IconCircleCheck, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DataTable, type DataTableColumn } from '../../ui/DataTable.tsx';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { useSessionUser } from '../../app/session/useSession.ts';
import { FAILED } from '../../ui/feedback.ts';
import { LIST_TABLE_LOOK, paginationText } from '../../ui/listTable.ts';
import { toastError, toastSuccess } from '../../ui/toast.ts';
import { confirmRequests, listApproved, type BaseConfirmationRow, type ConfirmReply } from './api.ts';
import { baseConfirmationKeys } from './queryKeys.ts';

const FLOWS = [
  { value: 'energia', label: 'Energia' },
  { value: 'agua', label: 'Água' },
];
const SEARCH_DEBOUNCE_MS = 350;
/** An exception older than this many days is shown in red. */
const LATE_DAYS = 30;

/**
 * /confirmacao-base (issue 11 item 5): the requests at 7 'Aprovada' whose unit the provider's base
 * now holds, confirmed to 8 'Inserida na Base Xerox/AME' one by one or in bulk; and, apart, the
 * ones the base still lacks, with how long they have waited.
 */
export function BaseConfirmationPage() {
  const user = useSessionUser();
  const queryClient = useQueryClient();
  // ?fluxo=agua&situacao=fora-da-base (the dashboard's inbox links here) opens that flow and tab.
  const [searchParams] = useSearchParams();
  const [flow, setFlow] = useState<Flow>(searchParams.get('fluxo') === 'agua' ? 'agua' : 'energia');
  const [situacao, setSituacao] = useState<BaseConfirmationSituation>(() => {
    const asked = searchParams.get('situacao');
    return BASE_CONFIRMATION_SITUATIONS.find((s) => s === asked) ?? 'na-base';
  });
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [selected, setSelected] = useState<BaseConfirmationRow[]>([]);
  const [refused, setRefused] = useState<ConfirmReply['recusadas']>([]);

  // The same policy the server judges each confirmation by: who may take 7 → 8.
  const mayConfirm = requestPolicy({
    actor: user,
    flow,
    kind: 'nova',
    currentStatus: STATUS.APROVADA,
  }).statusChoices.includes(STATUS.INSERIDA_BASE);

  const params = {
    fluxo: flow,
    situacao,
    page,
    per_page: DEFAULT_PAGE_SIZE,
    q: debouncedSearch.length >= SEARCH_MIN_LENGTH ? debouncedSearch : undefined,
  };
  const list = useQuery({
    queryKey: baseConfirmationKeys.list(params),
    queryFn: () => listApproved(params),
    placeholderData: keepPreviousData,
    retry: false,
  });
  useEffect(() => {
    if (list.isError) toastError(FAILED.list);
  }, [list.isError]);

  const confirming = useMutation({
    mutationFn: (rows: BaseConfirmationRow[]) =>
      confirmRequests({ fluxo: flow, solicitacoes: rows.map(({ id, version }) => ({ id, version })) }),
    onSuccess: (answer) => {
      (answer.confirmadas.length ? toastSuccess : toastError)(answer.msg, 10_000);
      setRefused(answer.recusadas);
      setSelected([]);
    },
    onError: (err) => toastError(err instanceof ApiError ? err.message : FAILED.save),
    onSettled: () => queryClient.invalidateQueries({ queryKey: baseConfirmationKeys.all }),
  });

  // Any change of what is listed starts again from the first page, with nothing selected.
  const refilter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
      setSelected([]);
      setRefused([]);
    };

  const readyToConfirm = situacao === 'na-base' && mayConfirm;
  const columns: DataTableColumn<BaseConfirmationRow>[] = [
    {
      accessor: 'id',
      title: 'ID',
      render: (r) => (
        <Anchor component={Link} to={requestForm(flow, r.tipo).editPath.replace(':id', String(r.id))}>
          {r.id}
        </Anchor>
      ),
    },
    { accessor: 'tipo', title: 'Tipo', render: (r) => requestForm(flow, r.tipo).title },
    { accessor: 'unidade', title: 'Unidade' },
    { accessor: 'concessionaria', title: 'Concessionária' },
    { accessor: 'regional', title: 'Regional' },
    {
      accessor: 'aprovada_em',
      title: 'Aprovada em',
      render: (r) => new Date(r.aprovada_em).toLocaleDateString('pt-BR'),
    },
    {
      accessor: 'dias',
      title: 'Dias aguardando',
      textAlign: 'right',
      render: (r) => (
        <Badge variant="light" color={situacao === 'fora-da-base' && r.dias > LATE_DAYS ? 'red' : 'gray'}>
          {r.dias === 1 ? '1 dia' : `${r.dias} dias`}
        </Badge>
      ),
    },
  ];
  if (readyToConfirm) {
    // The page's requests picked for "Confirmar selecionadas" (a new page starts with none).
    const rows = list.data?.dados ?? [];
    const picked = (r: BaseConfirmationRow) => selected.some((s) => s.id === r.id);
    columns.unshift({
      accessor: 'selecionar',
      title: (
        <Checkbox
          aria-label="Selecionar todas as solicitações da página"
          checked={rows.length > 0 && selected.length === rows.length}
          indeterminate={selected.length > 0 && selected.length < rows.length}
          disabled={rows.length === 0}
          onChange={(event) => setSelected(event.currentTarget.checked ? rows : [])}
        />
      ),
      width: 40,
      render: (r) => (
        <Checkbox
          aria-label={`Selecionar ${r.unidade}`}
          checked={picked(r)}
          onChange={(event) => {
            // Read now: React empties an event's currentTarget once the handler returns, before
            // the state update below runs.
            const { checked } = event.currentTarget;
            setSelected((current) => (checked ? [...current, r] : current.filter((s) => s.id !== r.id)));
          }}
        />
      ),
    });
    columns.push({
      accessor: 'actions',
      title: '',
      textAlign: 'right',
      render: (r) => (
        <Button
          size="compact-xs"
          variant="light"
          aria-label={`Confirmar ${r.unidade}`}
          loading={confirming.isPending && confirming.variables?.includes(r)}
          disabled={confirming.isPending}
          onClick={() => confirming.mutate([r])}
        >
          Confirmar
        </Button>
      ),
    });
  }

  return (
    <Card padding="lg" radius="lg">
      <Stack gap="md">
        <Title order={1} fz={22}>
          Confirmação na Base
        </Title>
        <Text c="dimmed" size="sm">
          Solicitações aprovadas (status 7) cuja unidade já aparece na base do provedor podem ser confirmadas
          como "Inserida na Base Xerox/AME". As que ainda não aparecem ficam em Exceções, com os dias desde a
          aprovação.
        </Text>
        <Group align="flex-end" justify="space-between">
          <Group align="flex-end">
            <SegmentedControl data={FLOWS} value={flow} onChange={(v) => refilter(setFlow)(v as Flow)} />
            <TextInput
              label="Pesquisar"
              w={260}
              placeholder="Unidade"
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(event) => refilter(setSearch)(event.currentTarget.value)}
            />
          </Group>
          {readyToConfirm && (
            <Button
              leftSection={<IconCircleCheck size={18} />}
              disabled={selected.length === 0 || confirming.isPending}
              loading={confirming.isPending && (confirming.variables?.length ?? 0) > 1}
              onClick={() => confirming.mutate(selected)}
            >
              Confirmar selecionadas ({selected.length})
            </Button>
          )}
        </Group>
        {refused.length > 0 && (
          <Alert color="red" title="Não confirmadas" withCloseButton onClose={() => setRefused([])}>
            <List size="sm">
              {refused.map((r) => (
                <List.Item key={r.id}>
                  Solicitação {r.id}: {r.msg}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        <Tabs
          value={situacao}
          onChange={(value) => value && refilter(setSituacao)(value as BaseConfirmationSituation)}
        >
          <Tabs.List>
            <Tabs.Tab value="na-base">Na base: prontas para confirmar</Tabs.Tab>
            <Tabs.Tab value="fora-da-base">Exceções: ainda fora da base</Tabs.Tab>
          </Tabs.List>
        </Tabs>
        <DataTable<BaseConfirmationRow>
          {...LIST_TABLE_LOOK}
          fetching={list.isFetching}
          records={list.data?.dados ?? []}
          totalRecords={list.data?.total ?? 0}
          recordsPerPage={DEFAULT_PAGE_SIZE}
          page={page}
          onPageChange={(p) => {
            setPage(p);
            setSelected([]);
          }}
          noRecordsText={
            situacao === 'na-base'
              ? 'Nenhuma solicitação aprovada aparece na base ainda.'
              : 'Nenhuma exceção: toda solicitação aprovada já está na base.'
          }
          paginationText={paginationText}
          columns={columns}
        />
      </Stack>
    </Card>
  );
}
