import { Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { Select } from '../../ui/select.tsx';
import { useDebouncedValue } from '@mantine/hooks';
import {
  codesOf,
  DEFAULT_PAGE_SIZE,
  DIVERGENCE_TYPES,
  PAGE_SIZES,
  REGULARIZATION_STATUSES,
  REQUEST_STATUSES,
  SEARCH_HINT,
  SEARCH_MIN_LENGTH,
  SEARCH_PLACEHOLDER,
  searchTextProblem,
} from '@portal/domain';
import { reportColumns, type ReportDefinition, type ReportRow } from '@portal/domain/reports';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DataTable, type DataTableSortStatus } from '../../ui/DataTable.tsx';
import { useEffect, useMemo, useState } from 'react';
import { AttachmentViewer } from '../../ui/AttachmentViewer.tsx';
import { DateField } from '../../ui/datePicker.tsx';
import { ExportButton } from '../../ui/ExportButton.tsx';
import { FAILED } from '../../ui/feedback.ts';
import { toastError } from '../../ui/toast.ts';
import { useStatusLabel } from '../requests/useStatusLabel.ts';
import { readReportPage, reportKeys, type ReportFilters } from './api.ts';
import { ReportCell } from './ReportCell.tsx';

const SEARCH_DEBOUNCE_MS = 350;
const ALL = 'Todos';
/** De and Até: a pt-BR calendar, shown and typed as dd/mm/aaaa. */
const DATE_PICKER = { w: 150, clearable: true } as const;

/**
 * One of the six reports (spec part 2 §2.10): every column of the report row, paged, filtered and
 * sorted by the server within the user's scope, and exported with the same filters.
 */
export function ReportPage({ report }: { report: ReportDefinition }) {
  const statusName = useStatusLabel();
  const { source, flow } = report;
  const statusKind = source.of === 'requests' ? source.kind : 'regularizacao';
  const nameOf = (status: number) => statusName(flow, statusKind, status);
  const columns = useMemo(
    () => reportColumns(source, (status) => statusName(flow, statusKind, status)),
    [source, flow, statusKind, statusName],
  );
  const statusCodes = source.of === 'requests' ? REQUEST_STATUSES : codesOf(REGULARIZATION_STATUSES);

  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<number>(DEFAULT_PAGE_SIZE);
  const [status, setStatus] = useState<string>(ALL);
  const [divergence, setDivergence] = useState<string>(ALL);
  const [range, setRange] = useState<{ de: string | null; ate: string | null }>({ de: null, ate: null });
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<DataTableSortStatus<ReportRow>>({
    columnAccessor: source.of === 'requests' ? 'data_pedido' : 'id',
    direction: 'desc',
  });
  const [viewing, setViewing] = useState<{ url: string; nome: string } | null>(null);

  const filters: ReportFilters = {
    // A text the server refuses (only punctuation, over 100 characters) is not sent: the box says why.
    q:
      debouncedSearch.length >= SEARCH_MIN_LENGTH && !searchTextProblem(debouncedSearch)
        ? debouncedSearch
        : undefined,
    status: status === ALL ? undefined : Number(status),
    de: range.de ?? undefined,
    ate: range.ate ?? undefined,
    tipo_divergencia: source.of === 'regularizations' && divergence !== ALL ? Number(divergence) : undefined,
    sort: columns.find((c) => c.key === sort.columnAccessor)?.sort ?? 'id',
    order: sort.direction,
  };
  const params = { ...filters, page, per_page: perPage };
  const list = useQuery({
    queryKey: reportKeys.page(report, params),
    queryFn: () => readReportPage(report, params),
    placeholderData: keepPreviousData,
    retry: false,
  });
  useEffect(() => {
    if (list.isError) toastError(list.error.message || FAILED.list);
  }, [list.isError, list.error]);

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
        <Group justify="space-between" align="flex-start">
          <Title order={1} fz={22}>
            {report.title}
          </Title>
          <ExportButton path={`${report.api}/exportar`} filters={filters} />
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
            w={280}
            data={[
              { value: ALL, label: ALL },
              ...statusCodes.map((code) => ({ value: String(code), label: nameOf(code) })),
            ]}
            value={status}
            allowDeselect={false}
            onChange={(value) => value && refilter(setStatus)(value)}
          />
          {source.of === 'regularizations' && (
            <Select
              label="Tipo Divergência"
              w={220}
              data={[
                { value: ALL, label: ALL },
                ...DIVERGENCE_TYPES.map((t) => ({ value: String(t.code), label: t.label })),
              ]}
              value={divergence}
              allowDeselect={false}
              onChange={(value) => value && refilter(setDivergence)(value)}
            />
          )}
          <DateField
            label="De"
            {...DATE_PICKER}
            maxDate={range.ate ?? undefined}
            value={range.de}
            onChange={(de) => refilter(setRange)({ ...range, de })}
          />
          <DateField
            label="Até"
            {...DATE_PICKER}
            minDate={range.de ?? undefined}
            value={range.ate}
            onChange={(ate) => refilter(setRange)({ ...range, ate })}
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
        <Text size="xs" c="dimmed">
          {source.of === 'requests'
            ? 'O período filtra pela data da solicitação.'
            : 'O período filtra pela data da solicitação à concessionária.'}
        </Text>
        <DataTable<ReportRow>
          striped
          highlightOnHover
          pinFirstColumn
          minHeight={180}
          fetching={list.isFetching}
          idAccessor="id"
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
          columns={columns.map((column) => ({
            accessor: column.key,
            title: column.header,
            sortable: column.sort !== undefined,
            noWrap: true,
            render: (row: ReportRow) => (
              <ReportCell column={column} value={row[column.key] ?? null} onViewFile={setViewing} />
            ),
          }))}
        />
      </Stack>
      <AttachmentViewer file={viewing} onClose={() => setViewing(null)} />
    </Card>
  );
}
