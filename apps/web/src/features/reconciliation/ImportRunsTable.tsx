import { Badge, Button, Text } from '@mantine/core';
import { DEFAULT_PAGE_SIZE } from '@portal/domain';
import { IMPORT_UNDER_WAY, type ImportSituation } from '@portal/domain/contracts/reconciliation';
import { INTERRUPTED_LABEL } from '@portal/domain/contracts/task-queue';
import { IconDownload } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DataTable } from '../../ui/DataTable.tsx';
import { useEffect, useRef, useState } from 'react';
import { paginationText } from '../../ui/listTable.ts';
import { toastError } from '../../ui/toast.ts';
import { downloadRejectedRows, listRuns, type ImportRunRow } from './api.ts';
import { reconciliationKeys } from './queryKeys.ts';

const SITUATION: Record<ImportSituation, { label: string; color: string }> = {
  'na-fila': { label: 'Na fila', color: 'gray' },
  recebendo: { label: 'Lendo', color: 'blue' },
  aplicando: { label: 'Aplicando', color: 'blue' },
  aplicada: { label: 'Aplicada', color: 'teal' },
  falhou: { label: 'Falhou', color: 'red' },
};
const POLL_MS = 2000;
const n = (value: number) => value.toLocaleString('pt-BR');
const when = (iso: string) => new Date(iso).toLocaleString('pt-BR');

const isUnderWay = (run: ImportRunRow) => IMPORT_UNDER_WAY.includes(run.situacao);

/**
 * Every import kept as a run, newest first; while one is queued or under way the list follows its
 * progress. `onEnded` hears once when the run `watching` (the one this page sent) has ended.
 */
export function ImportRunsTable({
  watching,
  onEnded,
}: {
  watching?: number | null;
  onEnded?: (run: ImportRunRow) => void;
}) {
  const [page, setPage] = useState(1);
  const params = { page, per_page: DEFAULT_PAGE_SIZE };
  const runs = useQuery({
    queryKey: reconciliationKeys.runs(params),
    queryFn: () => listRuns(params),
    placeholderData: keepPreviousData,
    retry: false,
    refetchInterval: (query) => (query.state.data?.dados.some(isUnderWay) ? POLL_MS : false),
  });
  const ended = runs.data?.dados.find((r) => r.id === watching && !isUnderWay(r));
  const told = useRef<number | null>(null);
  useEffect(() => {
    if (!ended || told.current === ended.id) return;
    told.current = ended.id;
    onEnded?.(ended);
  }, [ended, onEnded]);
  const download = (run: ImportRunRow) =>
    downloadRejectedRows(run).catch(() => toastError('Não foi possível baixar as linhas rejeitadas.'));

  return (
    <DataTable<ImportRunRow>
      striped
      minHeight={150}
      fetching={runs.isFetching && !runs.data}
      records={runs.data?.dados ?? []}
      totalRecords={runs.data?.total ?? 0}
      recordsPerPage={params.per_page}
      page={page}
      onPageChange={setPage}
      noRecordsText="Nenhuma importação ainda."
      paginationText={paginationText}
      columns={[
        { accessor: 'iniciada_em', title: 'Início', render: (r) => when(r.iniciada_em) },
        { accessor: 'usuario', title: 'Usuário' },
        { accessor: 'fluxo', title: 'Fluxo', render: (r) => (r.fluxo === 'agua' ? 'Água' : 'Energia') },
        { accessor: 'nome_arquivo', title: 'Arquivo' },
        {
          accessor: 'situacao',
          title: 'Situação',
          width: 120,
          render: (r) => (
            <>
              {r.interrompida ? (
                <Badge color="orange" variant="light">
                  {INTERRUPTED_LABEL}
                </Badge>
              ) : (
                <Badge color={SITUATION[r.situacao].color} variant="light">
                  {SITUATION[r.situacao].label}
                </Badge>
              )}
              {r.erro && (
                // A failed run says why; a queued one may note an attempt that failed and will be retried.
                <Text size="xs" c={r.situacao === 'falhou' ? 'red' : 'dimmed'}>
                  {r.erro}
                </Text>
              )}
            </>
          ),
        },
        { accessor: 'linhas_lidas', title: 'Lidas', textAlign: 'right', render: (r) => n(r.linhas_lidas) },
        {
          accessor: 'linhas_aceitas',
          title: 'Aplicadas',
          textAlign: 'right',
          render: (r) => n(r.linhas_aceitas),
        },
        {
          accessor: 'linhas_rejeitadas',
          title: 'Rejeitadas',
          textAlign: 'right',
          render: (r) => n(r.linhas_rejeitadas),
        },
        {
          accessor: 'divergencias_abertas',
          // On two lines: in one, the header alone pushed the table past a 1440 px screen.
          title: (
            <>
              Divergências
              <br />
              abertas / fechadas
            </>
          ),
          textAlign: 'right',
          render: (r) => `${n(r.divergencias_abertas)} / ${n(r.divergencias_fechadas)}`,
        },
        {
          accessor: 'actions',
          title: '',
          textAlign: 'right',
          render: (r) =>
            r.rejeitadas_url && (
              <Button
                size="compact-xs"
                variant="light"
                leftSection={<IconDownload size={14} />}
                onClick={() => download(r)}
              >
                Linhas rejeitadas
              </Button>
            ),
        },
      ]}
    />
  );
}
