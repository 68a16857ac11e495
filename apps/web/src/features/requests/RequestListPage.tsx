import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { Select } from '../../ui/select.tsx';
import { useMediaQuery } from '@mantine/hooks';
import {
  creationProblem,
  DEFAULT_PAGE_SIZE,
  DEFAULT_REQUEST_LIST_COLUMNS,
  editPathFor,
  isDefaultColumns,
  PAGE_SIZES,
  REQUEST_LIST_SORTS,
  requestListFilterValues,
  type RequestForm,
  type RequestListSort,
} from '@portal/domain';
import { IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DataTable, type DataTableSortStatus } from '../../ui/DataTable.tsx';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSessionUser } from '../../app/session/useSession.ts';
import { ExportButton } from '../../ui/ExportButton.tsx';
import { FAILED } from '../../ui/feedback.ts';
import { toastError } from '../../ui/toast.ts';
import type { RequestRow } from './api.ts';
import { BulkMoveBar, useBulkSelection } from './list/BulkMoveBar.tsx';
import { ColumnPicker } from './list/ColumnPicker.tsx';
import { shownRange } from './list/columns.ts';
import { ListFilters } from './list/ListFilters.tsx';
import { RequestCards } from './list/RequestCards.tsx';
import { requestColumns } from './list/requestColumns.tsx';
import { SavedViewsMenu } from './list/SavedViewsMenu.tsx';
import { useListState } from './list/useListState.ts';
import { useSavedViews } from './list/useSavedViews.ts';
import { requestListQuery } from './queryKeys.ts';

interface Props {
  form: RequestForm;
}

const isSort = (key: string): key is RequestListSort =>
  (REQUEST_LIST_SORTS as readonly string[]).includes(key);

/**
 * The list of one request form. Its filters, search, sort, page and page size live in the URL
 * (list/useListState.ts), so a save, "Voltar", a reload, a shared link and the back button all
 * land on the same page. The whole row opens the record; on a phone the rows are cards.
 */
export function RequestListPage({ form }: Props) {
  const user = useSessionUser();
  const navigate = useNavigate();
  const phone = useMediaQuery('(max-width: 48em)');
  const { filters, body, page, update, goToPage, apply, arrived } = useListState(form);
  const perPage = body.per_page;
  const saved = useSavedViews(form, arrived, apply);
  const shownColumns = filters.colunas ?? DEFAULT_REQUEST_LIST_COLUMNS;

  const list = useQuery({
    ...requestListQuery(form, body),
    placeholderData: keepPreviousData,
    enabled: !saved.waiting,
  });
  useEffect(() => {
    if (list.isError) toastError(FAILED.list);
  }, [list.isError]);

  const rows = list.data?.dados ?? [];
  const total = list.data?.total ?? 0;
  const limited = list.data?.total_limitado ?? false;
  // Issue 34: rows ticked for a bulk move, and the checkbox column that ticks them.
  const bulk = useBulkSelection(form, { rows, total, limited, filter: requestListFilterValues(filters) });
  const sort: DataTableSortStatus<RequestRow> = {
    columnAccessor: body.sort ?? 'data_pedido',
    direction: body.sort ? body.order : 'desc',
  };
  const onPage = (next: number) => goToPage(next, next === page + 1 ? rows.at(-1)?.id : undefined);

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
              filters={{
                status: filters.status?.join(','),
                regional: filters.regional,
                uf: filters.uf,
                concessionaria: filters.concessionaria,
                de: filters.de,
                ate: filters.ate,
                q: filters.q,
                sort: body.sort,
                order: body.order,
              }}
            />
            {!creationProblem(user, form.flow, form.kind) && (
              <Button component={Link} to={form.newPath} leftSection={<IconPlus size={18} />}>
                {form.createButton}
              </Button>
            )}
          </Group>
        </Group>
        <ListFilters key={form.listPath} form={form} filters={filters} onChange={update} />
        <Group gap="sm" align="flex-end">
          <Select
            label="Mostrar"
            w={100}
            data={PAGE_SIZES.map(String)}
            value={String(perPage)}
            allowDeselect={false}
            onChange={(value) =>
              value && update({ por_pagina: Number(value) === DEFAULT_PAGE_SIZE ? undefined : Number(value) })
            }
          />
          {!phone && (
            <ColumnPicker
              form={form}
              shown={shownColumns}
              onChange={(colunas) =>
                update({ colunas: isDefaultColumns(colunas) ? undefined : colunas }, { keepPage: true })
              }
            />
          )}
          <SavedViewsMenu form={form} filters={filters} views={saved.views} onApply={apply} />
          {phone && (
            <Select
              label="Ordenar por"
              w={200}
              data={[
                { value: 'data_pedido:desc', label: 'Mais recentes' },
                { value: 'data_pedido:asc', label: 'Mais antigas' },
                { value: 'atualizado_em:desc', label: 'Última atualização' },
                { value: 'id:desc', label: 'Número' },
              ]}
              value={`${sort.columnAccessor}:${sort.direction}`}
              allowDeselect={false}
              onChange={(value) => {
                const [ordem, sentido] = (value ?? '').split(':');
                if (ordem && isSort(ordem)) update({ ordem, sentido: sentido === 'asc' ? 'asc' : undefined });
              }}
            />
          )}
        </Group>
        <BulkMoveBar selection={bulk} />
        {phone ? (
          <RequestCards
            form={form}
            rows={rows}
            total={total}
            limited={limited}
            page={page}
            perPage={perPage}
            onPage={onPage}
          />
        ) : (
          <DataTable<RequestRow>
            striped
            highlightOnHover
            minHeight={180}
            // A bounded height keeps the header in view while the rows scroll under it.
            maxHeight="max(420px, calc(100dvh - 220px))"
            fetching={list.isFetching}
            records={rows}
            totalRecords={total}
            recordsPerPage={perPage}
            page={page}
            onPageChange={onPage}
            sortStatus={sort}
            onSortStatusChange={(next) => {
              const key = String(next.columnAccessor);
              if (isSort(key)) update({ ordem: key, sentido: next.direction === 'asc' ? 'asc' : undefined });
            }}
            onRowClick={({ record }) => navigate(editPathFor(form, record.id))}
            rowStyle={() => ({ cursor: 'pointer' })}
            noRecordsText="Nenhum resultado encontrado!"
            paginationText={({ totalRecords }) =>
              shownRange(page, perPage, rows.length, totalRecords, limited)
            }
            columns={[...bulk.columns, ...requestColumns(form, shownColumns)]}
          />
        )}
      </Stack>
    </Card>
  );
}
