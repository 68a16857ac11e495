import { Badge, Button, Card, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { Select } from '../../ui/select.tsx';
import { useDebouncedValue } from '@mantine/hooks';
import {
  DEFAULT_PAGE_SIZE,
  labelOf,
  PAGE_SIZES,
  POST_APPROVAL_FILTERS,
  POST_APPROVAL_STAGES,
  SEARCH_MIN_LENGTH,
  type PostApprovalFilter,
  type PostApprovalList,
} from '@portal/domain';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DataTable, type DataTableColumn } from '../../ui/DataTable.tsx';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { FAILED } from '../../ui/feedback.ts';
import { LIST_TABLE_LOOK, NO_RESULTS, paginationText } from '../../ui/listTable.ts';
import { toastError } from '../../ui/toast.ts';
import { listStage, postApprovalKeys, type PostApprovalRow } from './api.ts';
import { screenOfStage, STAGE_SCREENS } from './screens.ts';

const SEARCH_DEBOUNCE_MS = 350;
const FILTERS = POST_APPROVAL_FILTERS.map((f) => ({ value: f.code, label: f.label }));
const days = (n: number) => (n === 1 ? '1 dia' : `${n} dias`);

/**
 * /validacao-uc, /validacao-final-uc and /acompanhamento-uc-nova (issue 14): the units waiting at
 * one post-approval stage, the longest waiting first, with how long each has waited; those past
 * the server's deadline are flagged.
 */
export function PostApprovalListPage({ lista }: { lista: PostApprovalList }) {
  const screen = STAGE_SCREENS[lista];
  const [filtro, setFiltro] = useState<PostApprovalFilter>('aguardando');
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<number>(DEFAULT_PAGE_SIZE);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);

  const params = {
    lista,
    filtro,
    page,
    per_page: perPage,
    q: debouncedSearch.length >= SEARCH_MIN_LENGTH ? debouncedSearch : undefined,
  };
  const list = useQuery({
    queryKey: postApprovalKeys.list(params),
    queryFn: () => listStage(params),
    placeholderData: keepPreviousData,
    retry: false,
  });
  useEffect(() => {
    if (list.isError) toastError(FAILED.list);
  }, [list.isError]);

  const refilter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  const deadline = list.data?.prazo_dias;
  const columns: DataTableColumn<PostApprovalRow>[] = [
    { accessor: 'id', title: 'Nº' },
    { accessor: 'unidade', title: 'Unidade' },
    { accessor: 'endereco_id', title: 'Endereço ID' },
    { accessor: 'regional', title: 'Regional' },
    { accessor: 'concessionaria', title: 'Concessionária' },
    {
      accessor: 'etapa',
      title: 'Etapa',
      render: (r) => (
        <Badge variant="light" color={r.etapa === 4 ? 'green' : 'blue'}>
          {labelOf(POST_APPROVAL_STAGES, r.etapa)}
        </Badge>
      ),
    },
    { accessor: 'desde', title: 'Desde', render: (r) => new Date(r.desde).toLocaleDateString('pt-BR') },
    {
      accessor: 'dias',
      title: 'Dias aguardando',
      textAlign: 'right',
      render: (r) =>
        r.etapa === 4 ? (
          '—'
        ) : (
          <Badge
            variant={r.atrasada ? 'filled' : 'light'}
            color={r.atrasada ? 'red' : 'gray'}
            title={r.atrasada ? `Mais de ${deadline} dias` : undefined}
          >
            {days(r.dias)}
            {r.atrasada ? ' · atrasada' : ''}
          </Badge>
        ),
    },
    {
      accessor: 'actions',
      title: '',
      textAlign: 'right',
      render: (r) => {
        const here = r.etapa === screen.stage;
        const target = here ? screen : (screenOfStage(r.etapa) ?? screen);
        return (
          <Button
            component={Link}
            to={target.actionPath(r.id)}
            size="compact-sm"
            variant={here ? 'filled' : 'light'}
            aria-label={`${here ? screen.action : 'Ver'} ${r.unidade ?? r.id}`}
          >
            {here ? screen.action : 'Ver'}
          </Button>
        );
      },
    },
  ];

  return (
    <Card padding="lg" radius="lg">
      <Stack gap="md">
        <Title order={1} fz={22}>
          {screen.title}
        </Title>
        <Text c="dimmed" size="sm">
          {screen.intro}
          {deadline !== undefined &&
            ` Unidades aguardando há mais de ${deadline} dias aparecem como atrasadas.`}
        </Text>
        <Group align="flex-end" justify="space-between">
          <SegmentedControl
            data={FILTERS}
            value={filtro}
            onChange={(v) => refilter(setFiltro)(v as PostApprovalFilter)}
            aria-label="Filtro"
          />
          <Group align="flex-end">
            <TextInput
              label="Pesquisar"
              w={240}
              placeholder="Unidade ou Endereço ID"
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(event) => refilter(setSearch)(event.currentTarget.value)}
            />
            <Select
              label="Por página"
              w={110}
              data={PAGE_SIZES.map(String)}
              value={String(perPage)}
              allowDeselect={false}
              onChange={(v) => v && refilter(setPerPage)(Number(v))}
            />
          </Group>
        </Group>
        <DataTable<PostApprovalRow>
          {...LIST_TABLE_LOOK}
          fetching={list.isFetching}
          records={list.data?.dados ?? []}
          totalRecords={list.data?.total ?? 0}
          recordsPerPage={perPage}
          page={page}
          onPageChange={setPage}
          noRecordsText={NO_RESULTS}
          paginationText={paginationText}
          columns={columns}
        />
      </Stack>
    </Card>
  );
}
