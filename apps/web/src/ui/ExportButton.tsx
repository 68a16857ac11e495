import { Button, Group, Menu, Paper, Progress, Stack, Text } from '@mantine/core';
import type { ExportFormat } from '@portal/domain/reports';
import { IconChevronDown, IconDownload, IconFileSpreadsheet, IconFileText } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { apiDownload, type DownloadProgress } from '../api/client.ts';
import { toastError, toastSuccess } from './toast.ts';

interface Props {
  /** The export call under /api, without its query (e.g. novas-unidades/relatorio/exportar). */
  path: string;
  /** The list's current filters: the file holds exactly their rows. */
  filters: Record<string, string | number | undefined>;
}

const queryOf = (filters: Props['filters'], formato: ExportFormat) => {
  const query = new URLSearchParams({ formato });
  for (const [key, value] of Object.entries(filters))
    if (value !== undefined && value !== '') query.set(key, String(value));
  return query.toString();
};

const megabytes = (bytes: number) =>
  `${(bytes / 1_048_576).toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} MB`;

/** Hands the browser a downloaded file under the server's name. */
function save(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * "Exportar": the list's current filter as an Excel (xlsx) or csv file. The server writes it while
 * it reads, so the progress shows what has arrived; "Cancelar" stops the download.
 */
export function ExportButton({ path, filters }: Props) {
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const running = useRef<AbortController | null>(null);

  async function start(formato: ExportFormat) {
    const controller = new AbortController();
    running.current = controller;
    setProgress({ received: 0, rows: null });
    try {
      const { blob, fileName } = await apiDownload(`${path}?${queryOf(filters, formato)}`, {
        signal: controller.signal,
        onProgress: setProgress,
      });
      save(blob, fileName);
      toastSuccess(`Arquivo ${fileName} gerado.`);
    } catch (err) {
      if (!controller.signal.aborted) toastError((err as Error).message);
    } finally {
      running.current = null;
      setProgress(null);
    }
  }

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
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="light"
          leftSection={<IconDownload size={18} />}
          rightSection={<IconChevronDown size={16} />}
        >
          Exportar
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconFileSpreadsheet size={18} />} onClick={() => void start('xlsx')}>
          Excel (.xlsx)
        </Menu.Item>
        <Menu.Item leftSection={<IconFileText size={18} />} onClick={() => void start('csv')}>
          CSV (separado por ;)
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
