import { Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { INTERRUPTED_LABEL } from '@portal/domain/contracts/task-queue';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { formatFileSize } from '../files/fileSize.ts';
import { downloadExport, exportKeys, isUnderWay, readExport, type ExportRow } from './api.ts';
import { percentWritten, rowsWritten } from './situation.tsx';

/** How often the panel reads the export's progress while it is written. */
export const POLL_MS = 1000;

function headline(row: ExportRow): string {
  if (row.interrompida) return INTERRUPTED_LABEL;
  switch (row.situacao) {
    case 'na-fila':
    case 'gerando':
      return 'Gerando arquivo…';
    case 'pronta':
      return 'Arquivo pronto';
    case 'falhou':
      return 'Não foi possível gerar o arquivo';
    case 'expirada':
      return 'O arquivo expirou';
  }
}

/**
 * An export the server writes in the background (the job queue): its progress, read every
 * second; once the file is ready it downloads by itself, and "Baixar" downloads it again.
 * "Fechar" only closes the panel: the export goes on, and "Minhas exportações" keeps it.
 */
export function QueuedExportPanel({ asked, onClose }: { asked: ExportRow; onClose: () => void }) {
  const { data: row = asked } = useQuery({
    queryKey: exportKeys.one(asked.id),
    queryFn: () => readExport(asked.id),
    initialData: asked,
    refetchInterval: (query) => (query.state.data && isUnderWay(query.state.data) ? POLL_MS : false),
  });

  // The file downloads by itself once, when the export becomes ready while the panel is open.
  const downloaded = useRef(false);
  useEffect(() => {
    if (row.situacao !== 'pronta' || downloaded.current) return;
    downloaded.current = true;
    void downloadExport(row);
  }, [row]);

  const underWay = isUnderWay(row);
  return (
    <Paper withBorder p="xs" radius="md" miw={300} role="status" aria-live="polite">
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          {headline(row)}
        </Text>
        {row.situacao !== 'falhou' && (
          <Progress value={percentWritten(row)} aria-label="Progresso da exportação" />
        )}
        <Text size="xs" c={row.situacao === 'falhou' ? 'red' : 'dimmed'}>
          {row.situacao === 'falhou'
            ? row.erro
            : row.situacao === 'pronta'
              ? `${row.nome_arquivo} · ${formatFileSize(row.tamanho ?? 0)} · ${rowsWritten(row)}`
              : rowsWritten(row)}
        </Text>
        {underWay && (
          <Text size="xs" c="dimmed">
            Pode fechar: o arquivo continua sendo gerado e fica em Minhas exportações.
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          {row.arquivo_url && (
            <Button
              size="compact-xs"
              variant="light"
              leftSection={<IconDownload size={14} />}
              onClick={() => downloadExport(row)}
            >
              Baixar
            </Button>
          )}
          <Button size="compact-xs" variant="subtle" onClick={onClose}>
            Fechar
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
