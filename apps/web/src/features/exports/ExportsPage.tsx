import { Button, Card, Progress, Stack, Text, Title } from '@mantine/core';
import { EXPORT_FILE_HOURS, EXPORT_LIST_DAYS } from '@portal/domain/contracts/exports';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { DataTable } from '../../ui/DataTable.tsx';
import { useEffect } from 'react';
import { FAILED } from '../../ui/feedback.ts';
import { LIST_TABLE_LOOK } from '../../ui/listTable.ts';
import { toastError } from '../../ui/toast.ts';
import { formatFileSize } from '../files/fileSize.ts';
import { whenText } from '../logs/when.ts';
import { downloadExport, exportKeys, isUnderWay, listExports, type ExportRow } from './api.ts';
import { POLL_MS } from './QueuedExportPanel.tsx';
import { ExportSituationBadge, percentWritten, rowsWritten } from './situation.tsx';

/**
 * /exportacoes 'Minhas exportações' (issue 16): the files the user asked the server to write in
 * the background, newest first, with their progress while they are written; each ready file can
 * be downloaded until it expires.
 */
export function ExportsPage() {
  const list = useQuery({
    queryKey: exportKeys.list(),
    queryFn: listExports,
    retry: false,
    refetchInterval: (query) => (query.state.data?.some(isUnderWay) ? POLL_MS : false),
  });
  useEffect(() => {
    if (list.isError) toastError(list.error.message || FAILED.list);
  }, [list.isError, list.error]);

  return (
    <Card padding="lg" radius="lg">
      <Stack gap="md">
        <Title order={1} fz={22}>
          Minhas exportações
        </Title>
        <Text size="sm" c="dimmed">
          Os arquivos pedidos em &quot;Exportar&quot; nos relatórios e nas listas, gerados em segundo plano.
          Cada arquivo fica disponível por {EXPORT_FILE_HOURS} horas; a lista mostra os últimos{' '}
          {EXPORT_LIST_DAYS} dias.
        </Text>
        <DataTable<ExportRow>
          {...LIST_TABLE_LOOK}
          fetching={list.isFetching && !list.data}
          idAccessor="id"
          records={list.data ?? []}
          noRecordsText="Nenhuma exportação nos últimos dias."
          columns={[
            { accessor: 'criada_em', title: 'Pedida em', noWrap: true, render: (r) => whenText(r.criada_em) },
            { accessor: 'titulo', title: 'Lista' },
            { accessor: 'formato', title: 'Formato', render: (r) => (r.formato === 'csv' ? 'CSV' : 'Excel') },
            {
              accessor: 'situacao',
              title: 'Situação',
              // Wide enough for "Expirada": a narrower column cuts the badge's word.
              width: 120,
              render: (r) => (
                <>
                  <ExportSituationBadge row={r} />
                  {r.erro && (
                    <Text size="xs" c="red">
                      {r.erro}
                    </Text>
                  )}
                </>
              ),
            },
            {
              accessor: 'linhas_escritas',
              title: 'Registros',
              width: 200,
              render: (r) => (
                <Stack gap={4}>
                  <Text size="sm">{rowsWritten(r)}</Text>
                  {isUnderWay(r) && (
                    <Progress
                      value={percentWritten(r)}
                      size="sm"
                      aria-label={`Progresso da exportação ${r.id}`}
                    />
                  )}
                </Stack>
              ),
            },
            {
              accessor: 'tamanho',
              title: 'Tamanho',
              textAlign: 'right',
              render: (r) => (r.tamanho === null ? '—' : formatFileSize(r.tamanho)),
            },
            {
              accessor: 'expira_em',
              title: 'Disponível até',
              noWrap: true,
              render: (r) => (r.expira_em ? whenText(r.expira_em) : '—'),
            },
            {
              accessor: 'acoes',
              title: '',
              textAlign: 'right',
              render: (r) =>
                r.arquivo_url && (
                  <Button
                    size="compact-xs"
                    variant="light"
                    leftSection={<IconDownload size={14} />}
                    aria-label={`Baixar ${r.nome_arquivo} (${r.titulo})`}
                    onClick={() => downloadExport(r)}
                  >
                    Baixar
                  </Button>
                ),
            },
          ]}
        />
      </Stack>
    </Card>
  );
}
