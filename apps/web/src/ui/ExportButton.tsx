import { Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { exportOrigin } from '@portal/domain/contracts/exports';
import type { ExportFormat } from '@portal/domain/reports';
import { IconChevronDown, IconDownload, IconFileSpreadsheet, IconFileText } from '@tabler/icons-react';
import { Suspense, useRef, useState } from 'react';
import { apiDownload, type DownloadProgress } from '../api/client.ts';
import { lazyPage } from '../app/lazy-page.ts';
import { requestExport, saveFile, type ExportRow } from '../features/exports/api.ts';
import { ItemMenu } from './ItemMenu.tsx';
import { toastError, toastSuccess } from './toast.ts';

// What follows a queued export loads once one is asked for, not with every list.
const QueuedExportPanel = lazyPage(
  () => import('../features/exports/QueuedExportPanel.tsx'),
  'QueuedExportPanel',
);

interface Props {
  /** The export call under /api, without its query (e.g. novas-unidades/relatorio/exportar). */
  path: string;
  /** The list's current filters: the file holds exactly their rows. */
  filters: Record<string, string | number | null | undefined>;
}

/** The filters that hold a value, as the export call's query string takes them. */
const filled = (filters: Props['filters']) =>
  Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  ) as Record<string, string | number>;

const queryOf = (filters: Props['filters'], formato: ExportFormat) =>
  new URLSearchParams(
    Object.entries({ ...filled(filters), formato }).map(([key, value]) => [key, String(value)]),
  ).toString();

const megabytes = (bytes: number) =>
  `${(bytes / 1_048_576).toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} MB`;

/**
 * "Exportar": the list's current filter as an Excel (xlsx) or csv file. The reports and the
 * request and regularization lists, which can hold a million rows, ask the server to write the
 * file in the background and follow its progress (QueuedExportPanel). The administration lists
 * are small: the server writes their file while it reads, the progress shows what has arrived,
 * and "Cancelar" stops the download.
 */
export function ExportButton({ path, filters }: Props) {
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const running = useRef<AbortController | null>(null);
  const [queued, setQueued] = useState<ExportRow | null>(null);
  const [asking, setAsking] = useState(false);
  const inBackground = exportOrigin(path) !== undefined;

  async function ask(formato: ExportFormat) {
    setAsking(true);
    try {
      setQueued(await requestExport({ origem: path, formato, filtros: filled(filters) }));
    } catch (err) {
      toastError((err as Error).message);
    } finally {
      setAsking(false);
    }
  }

  async function download(formato: ExportFormat) {
    const controller = new AbortController();
    running.current = controller;
    setProgress({ received: 0, rows: null });
    try {
      const { blob, fileName } = await apiDownload(`${path}?${queryOf(filters, formato)}`, {
        signal: controller.signal,
        onProgress: setProgress,
      });
      saveFile(blob, fileName);
      toastSuccess(`Arquivo ${fileName} gerado.`);
    } catch (err) {
      if (!controller.signal.aborted) toastError((err as Error).message);
    } finally {
      running.current = null;
      setProgress(null);
    }
  }

  const start = (formato: ExportFormat) => void (inBackground ? ask(formato) : download(formato));

  if (queued)
    return (
      <Suspense fallback={null}>
        <QueuedExportPanel asked={queued} onClose={() => setQueued(null)} />
      </Suspense>
    );
  if (progress)
    return (
      <Paper withBorder p="xs" radius="md" miw={280} role="status" aria-live="polite">
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            Gerando arquivo…
          </Text>
          <Progress value={100} animated striped aria-label="Gerando arquivo" />
          <Group justify="space-between" gap="xs">
            <Text size="xs" c="dimmed">
              {megabytes(progress.received)} recebidos
              {progress.rows === null ? '' : ` · ${progress.rows.toLocaleString('pt-BR')} registros`}
            </Text>
            <Button size="compact-xs" variant="subtle" color="red" onClick={() => running.current?.abort()}>
              Cancelar
            </Button>
          </Group>
        </Stack>
      </Paper>
    );

  return (
    <ItemMenu
      position="bottom-end"
      button={
        <Button
          variant="light"
          loading={asking}
          leftSection={<IconDownload size={18} />}
          rightSection={<IconChevronDown size={16} />}
        >
          Exportar
        </Button>
      }
      items={[
        {
          key: 'xlsx',
          label: 'Excel (.xlsx)',
          leftSection: <IconFileSpreadsheet size={18} />,
          onClick: () => start('xlsx'),
        },
        {
          key: 'csv',
          label: 'CSV (separado por ;)',
          leftSection: <IconFileText size={18} />,
          onClick: () => start('csv'),
        },
      ]}
    />
  );
}
