import { ActionIcon, Button, Card, Group, Select, Stack, TextInput, Title, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  creationProblem,
  DEFAULT_PAGE_SIZE,
  editPathFor,
  formFieldLabel,
  PAGE_SIZES,
  SEARCH_MIN_LENGTH,
  REQUEST_STATUSES,
  type RequestForm,
} from '@portal/domain';
import { IconEdit, IconPlus, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useSessionUser } from '../../app/session/useSession.ts';
import { ExportButton } from '../../ui/ExportButton.tsx';
import { toastError } from '../../ui/toast.ts';
import { listRequests, type RequestRow } from './api.ts';
import { StatusBadge } from './StatusBadge.tsx';
import { useStatusLabel } from './useStatusLabel.ts';
import { FAILED } from '../../ui/feedback.ts';
import { requestKeys } from './queryKeys.ts';

interface Props {
  form: RequestForm;
  /** From the route (/cadastro-uc-nova/:status): pre-fills the status filter. */
  initialStatus?: number;
}

const SEARCH_DEBOUNCE_MS = 350;
const date = (value: string | null) => (value ? dayjs(value).format('DD/MM/YYYY') : '—');

/** The list of one request form: server-side paging, sorting, status filter and quick search. */
export function RequestListPage({ form, initialStatus }: Props) {
  const user = useSessionUser();
  const statusName = useStatusLabel();
  // Paging forward by one continues after the last row shown (the server reads on from it).
  const [position, setPosition] = useState<{ page: number; apos?: number }>({ page: 1 });
  const [perPage, setPerPage] = useState<number>(DEFAULT_PAGE_SIZE);
  const [status, setStatus] = useState<string | null>(
    initialStatus === undefined ? null : String(initialStatus),
  );
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<DataTableSortStatus<RequestRow>>({
    columnAccessor: 'data_pedido',
    direction: 'desc',
  });
  const q = debouncedSearch.length >= SEARCH_MIN_LENGTH ? debouncedSearch : undefined;

  const params = {
    ...position,
    per_page: perPage,
    q,
    status: status === null ? undefined : Number(status),
    sort: String(sort.columnAccessor),
    order: sort.direction,
  };
  const list = useQuery({
    queryKey: requestKeys.list(form, params),
    queryFn: () => listRequests(form, params),
    placeholderData: keepPreviousData,
    retry: false,
  });
  useEffect(() => {
    if (list.isError) toastError(FAILED.list);
  }, [list.isError]);

  // Any change of filter starts again from the first page.
  const refilter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPosition({ page: 1 });
    };

  return (
    <Card padding="lg" radius="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={1} fz={22}>
            {form.title}
          </Title>
          <Group gap="sm">
            <ExportButton
              path={`${form.apiBase}/list/exportar`}
              filters={{ q, status: params.status, sort: params.sort, order: params.order }}
            />
            {!creationProblem(user, form.flow, form.kind) && (
              <Button component={Link} to={form.newPath} leftSection={<IconPlus size={18} />}>
                {form.createButton}
              </Button>
            )}
          </Group>
        </Group>
        <Group gap="sm" align="flex-end">
          <Select
            label="Mostrar"
            w={100}
            data={PAGE_SIZES.map(String)}
            value={String(perPage)}
            allowDeselect={false}
            onChange={(value) => value && refilter(setPerPage)(Number(value))}
          />
          <Select
            label="Filtrar Status"
            w={300}
            placeholder="Todos"
            clearable
            data={REQUEST_STATUSES.map((code) => ({
              value: String(code),
              label: statusName(form.flow, form.kind, code),
            }))}
            value={status}
            onChange={refilter(setStatus)}
          />
          <TextInput
            label="Pesquisar"
            style={{ flex: 1, minWidth: 220 }}
            placeholder={`${formFieldLabel(form, 'unidade')}, Endereço ID ou Site ID`}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => refilter(setSearch)(event.currentTarget.value)}
          />
        </Group>
        <DataTable<RequestRow>
          withTableBorder
          borderRadius="md"
          striped
          highlightOnHover
          minHeight={180}
          fetching={list.isFetching}
          records={list.data?.dados ?? []}
          totalRecords={list.data?.total ?? 0}
          recordsPerPage={perPage}
          page={position.page}
          onPageChange={(page) =>
            setPosition({
              page,
              apos: page === position.page + 1 ? list.data?.dados.at(-1)?.id : undefined,
            })
          }
          sortStatus={sort}
          onSortStatusChange={refilter(setSort)}
          noRecordsText="Nenhum resultado encontrado!"
          paginationText={({ from, to, totalRecords }) =>
            `Mostrando ${from} para ${to} de ${totalRecords} registros`
          }
          columns={[
            { accessor: 'unidade', title: formFieldLabel(form, 'unidade'), sortable: true },
            { accessor: 'endereco_id', title: 'Endereço ID', sortable: true },
            { accessor: 'site_id', title: 'Site ID', sortable: true },
            {
              accessor: 'data_pedido',
              title: 'Data do Pedido',
              sortable: true,
              render: (r) => date(r.data_pedido),
            },
            {
              accessor: 'data_ativacao',
              title: form.dateColumn,
              sortable: true,
              render: (r) => date(r.data_ativacao),
            },
            {
              accessor: 'status',
              title: 'Status',
              sortable: true,
              render: (r) => <StatusBadge form={form} status={r.status} />,
            },
            {
              accessor: 'actions',
              title: '',
              textAlign: 'right',
              render: (r) => (
                <Tooltip label="Editar">
                  <ActionIcon
                    component={Link}
                    to={editPathFor(form, r.id)}
                    variant="subtle"
                    aria-label={`Editar solicitação ${r.id}`}
                  >
                    <IconEdit size={18} />
                  </ActionIcon>
                </Tooltip>
              ),
            },
          ]}
        />
      </Stack>
    </Card>
  );
}
