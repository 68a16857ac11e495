import { Badge, Button, Card, Collapse, Group, Stack, Text, Title } from '@mantine/core';
import { Select } from '../../ui/select.tsx';
import { useDisclosure } from '@mantine/hooks';
import { DEFAULT_PAGE_SIZE } from '@portal/domain';
import { IconFileSearch, IconFilter, IconFilterOff } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DataTable } from '../../ui/DataTable.tsx';
import { useEffect, useState } from 'react';
import { DateField } from '../../ui/datePicker.tsx';
import { FAILED } from '../../ui/feedback.ts';
import { cappedPaginationText, LIST_TABLE_LOOK, NO_RESULTS, PAGE_SIZE_CHOICE } from '../../ui/listTable.ts';
import { toastError } from '../../ui/toast.ts';
import { listLogs, logsKeys, readLogFilters, type AuditLogRow, type LogsParams } from './api.ts';
import { LogDetails } from './LogDetails.tsx';
import { whenText } from './when.ts';

/** De and Até: a pt-BR calendar, shown and typed as dd/mm/aaaa (as on the reports). */
const DATE_PICKER = { w: 150, clearable: true } as const;

interface Filters {
  usuario: string | null;
  entidade: string | null;
  acao: string | null;
  de: string | null;
  ate: string | null;
}
const NO_FILTERS: Filters = { usuario: null, entidade: null, acao: null, de: null, ate: null };

const changesText = (n: number) => (n === 0 ? '—' : n === 1 ? '1 campo' : `${n} campos`);

/**
 * /logs 'Logs de Ações' (issue 14): the audit trail every save writes, newest first, paged and
 * filtered by the server (user, entity, action, period in Brasília days); each entry opens with
 * its fields' before → after in Portuguese. Administrators only.
 */
export function LogsPage() {
  const [filtersOpen, { toggle: toggleFilters }] = useDisclosure(false);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  // The page shown and, when the user paged forward, the last row of the page before (keyset).
  const [position, setPosition] = useState<{ page: number; apos?: number }>({ page: 1 });
  const setPage = (page: number) => setPosition({ page });
  const [perPage, setPerPage] = useState<number>(DEFAULT_PAGE_SIZE);
  const [viewing, setViewing] = useState<AuditLogRow | null>(null);

  const options = useQuery({ queryKey: logsKeys.filters(), queryFn: readLogFilters, retry: false });
  const params: LogsParams = {
    ...position,
    per_page: perPage,
    id_usuario: filters.usuario ? Number(filters.usuario) : undefined,
    entidade: filters.entidade ?? undefined,
    acao: filters.acao ?? undefined,
    de: filters.de ?? undefined,
    ate: filters.ate ?? undefined,
  };
  const list = useQuery({
    queryKey: logsKeys.list(params),
    queryFn: () => listLogs(params),
    placeholderData: keepPreviousData,
    retry: false,
  });
  useEffect(() => {
    if (list.isError) toastError(list.error.message || FAILED.list);
  }, [list.isError, list.error]);

  // Any change of filter starts again from the first page.
  const setFilter = (key: keyof Filters) => (value: string | null) => {
    setFilters((current) => ({ ...current, [key]: value }));
    setPage(1);
  };
  const active = Object.values(filters).filter((v) => v !== null).length;
  const limited = list.data?.total_limitado ?? false;

  return (
    <Card padding="lg" radius="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={1} fz={22}>
            Logs de Ações
          </Title>
          <Button
            variant={filtersOpen ? 'filled' : 'light'}
            leftSection={<IconFilter size={18} />}
            rightSection={
              active > 0 ? (
                <Badge size="sm" circle>
                  {active}
                </Badge>
              ) : undefined
            }
            aria-expanded={filtersOpen}
            onClick={toggleFilters}
          >
            Filtros
          </Button>
        </Group>
        <Collapse expanded={filtersOpen}>
          <Group gap="sm" align="flex-end">
            <Select
              label="Usuário"
              w={240}
              placeholder="Todos"
              searchable
              clearable
              nothingFoundMessage="Nenhum usuário"
              data={options.data?.usuarios ?? []}
              value={filters.usuario}
              onChange={setFilter('usuario')}
            />
            <Select
              label="Entidade"
              w={300}
              placeholder="Todas"
              searchable
              clearable
              data={options.data?.entidades ?? []}
              value={filters.entidade}
              onChange={setFilter('entidade')}
            />
            <Select
              label="Ação"
              w={260}
              placeholder="Todas"
              searchable
              clearable
              data={options.data?.acoes ?? []}
              value={filters.acao}
              onChange={setFilter('acao')}
            />
            <DateField
              label="De"
              {...DATE_PICKER}
              maxDate={filters.ate ?? undefined}
              value={filters.de}
              onChange={setFilter('de')}
            />
            <DateField
              label="Até"
              {...DATE_PICKER}
              minDate={filters.de ?? undefined}
              value={filters.ate}
              onChange={setFilter('ate')}
            />
            <Button
              variant="subtle"
              leftSection={<IconFilterOff size={18} />}
              disabled={active === 0}
              onClick={() => {
                setFilters(NO_FILTERS);
                setPage(1);
              }}
            >
              Limpar filtros
            </Button>
          </Group>
          <Text size="xs" c="dimmed" mt={6}>
            O período considera o horário de Brasília.
          </Text>
        </Collapse>
        <DataTable<AuditLogRow>
          {...LIST_TABLE_LOOK}
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
          page={position.page}
          onPageChange={(page) =>
            setPosition({
              page,
              apos: page === position.page + 1 ? list.data?.dados.at(-1)?.id : undefined,
            })
          }
          noRecordsText={NO_RESULTS}
          paginationText={cappedPaginationText(limited)}
          columns={[
            { accessor: 'data', title: 'Data', noWrap: true, render: (r) => whenText(r.data) },
            { accessor: 'usuario', title: 'Usuário', render: (r) => r.usuario ?? 'Sistema' },
            { accessor: 'acao_label', title: 'Ação' },
            {
              accessor: 'entidade_label',
              title: 'Entidade',
              render: (r) => (r.entidade_id ? `${r.entidade_label} (ID ${r.entidade_id})` : r.entidade_label),
            },
            {
              accessor: 'alteracoes',
              title: 'Alterações',
              render: (r) => changesText(r.alteracoes.length),
            },
            { accessor: 'ip', title: 'IP', noWrap: true },
            {
              accessor: 'detalhes',
              title: '',
              textAlign: 'right',
              render: (r) => (
                <Button
                  size="compact-xs"
                  variant="light"
                  leftSection={<IconFileSearch size={14} />}
                  aria-label={`Detalhes do registro ${r.id}`}
                  onClick={() => setViewing(r)}
                >
                  Detalhes
                </Button>
              ),
            },
          ]}
        />
      </Stack>
      <LogDetails entry={viewing} onClose={() => setViewing(null)} />
    </Card>
  );
}
