import { ActionIcon, Card, Group, Stack, TextInput, Title, Tooltip } from '@mantine/core';
import { Select } from '../../ui/select.tsx';
import { useDebouncedValue } from '@mantine/hooks';
import {
  DEFAULT_PAGE_SIZE,
  DIVERGENCE_TYPES,
  labelOf,
  PAGE_SIZES,
  REGULARIZATION_STATUSES,
  SEARCH_HINT,
  SEARCH_MIN_LENGTH,
  SEARCH_PLACEHOLDER,
  searchTextProblem,
} from '@portal/domain';
import { IconEdit, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DataTable, type DataTableSortStatus } from '../../ui/DataTable.tsx';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ExportButton } from '../../ui/ExportButton.tsx';
import { FAILED } from '../../ui/feedback.ts';
import { toastError } from '../../ui/toast.ts';
import { listRegularizations, type RegularizationRow } from './api.ts';
import { regularizationKeys } from './queryKeys.ts';
import { RegularizationStatusBadge } from './RegularizationStatusBadge.tsx';
import { editPath, type RegularizationScreen } from './screens.ts';

const SEARCH_DEBOUNCE_MS = 350;
const ALL = 'Todos';

/** A status of the catalogue named in the URL, or every status for anything else. */
const statusFromUrl = (value: string | null): string =>
  REGULARIZATION_STATUSES.some((s) => String(s.code) === value) ? value! : ALL;

/** Spec part 2 §2.2: the divergences found in the provider's base, paged, filtered and sorted by the server. */
export function RegularizationListPage({ screen }: { screen: RegularizationScreen }) {
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<number>(DEFAULT_PAGE_SIZE);
  // ?status=0 (the dashboard's "Aguardando minha ação" links here) opens the list filtered to it.
  const [searchParams] = useSearchParams();
  const [status, setStatus] = useState<string>(() => statusFromUrl(searchParams.get('status')));
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<DataTableSortStatus<RegularizationRow>>({
    columnAccessor: 'id',
    direction: 'desc',
  });
  const params = {
    page,
    per_page: perPage,
    // A text the server refuses (only punctuation, over 100 characters) is not sent: the box says why.
    q:
      debouncedSearch.length >= SEARCH_MIN_LENGTH && !searchTextProblem(debouncedSearch)
        ? debouncedSearch
        : undefined,
    status: status === ALL ? undefined : Number(status),
    sort: String(sort.columnAccessor),
    order: sort.direction,
  };
  const list = useQuery({
    queryKey: regularizationKeys.list(screen, params),
    queryFn: () => listRegularizations(screen, params),
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
      setPage(1);
    };

  return (
    <Card padding="lg" radius="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={1} fz={22}>
            {screen.title}
          </Title>
          <ExportButton
            path={`${screen.apiBase}/list/exportar`}
            filters={{ q: params.q, status: params.status, sort: params.sort, order: params.order }}
          />
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
            data={[
              { value: ALL, label: ALL },
              ...REGULARIZATION_STATUSES.map((s) => ({ value: String(s.code), label: s.label })),
            ]}
            value={status}
            allowDeselect={false}
            onChange={(value) => value && refilter(setStatus)(value)}
          />
          <TextInput
            label="Pesquisar"
            style={{ flex: 1, minWidth: 220 }}
            placeholder={SEARCH_PLACEHOLDER}
            leftSection={<IconSearch size={16} />}
            description={SEARCH_HINT}
            error={searchTextProblem(search)}
            value={search}
            onChange={(event) => refilter(setSearch)(event.currentTarget.value)}
          />
        </Group>
        <DataTable<RegularizationRow>
          striped
          highlightOnHover
          minHeight={180}
          fetching={list.isFetching}
          records={list.data?.dados ?? []}
          totalRecords={list.data?.total ?? 0}
          recordsPerPage={perPage}
          page={page}
          onPageChange={setPage}
          sortStatus={sort}
          onSortStatusChange={refilter(setSort)}
          noRecordsText="Nenhum resultado encontrado!"
          paginationText={({ from, to, totalRecords }) =>
            `Mostrando ${from} para ${to} de ${totalRecords} registros`
          }
          columns={[
            { accessor: 'unidade', title: 'Unidade', sortable: true },
            // Second, as in the request lists (issue 34): what a row waits for is read first.
            {
              accessor: 'status',
              title: 'Status',
              sortable: true,
              render: (r) => <RegularizationStatusBadge status={r.status} />,
            },
            { accessor: 'endereco_id', title: 'Endereço ID', sortable: true },
            { accessor: 'site_id', title: 'Site ID', sortable: true },
            {
              accessor: 'tipo_divergencia',
              title: 'Tipo Divergência',
              sortable: true,
              render: (r) => labelOf(DIVERGENCE_TYPES, r.tipo_divergencia),
            },
            {
              accessor: 'actions',
              title: '',
              textAlign: 'right',
              render: (r) => (
                <Tooltip label="Editar">
                  <ActionIcon
                    component={Link}
                    to={editPath(screen, r.id)}
                    variant="subtle"
                    aria-label={`Editar regularização da unidade ${r.unidade}`}
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
