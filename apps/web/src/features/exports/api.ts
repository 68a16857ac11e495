import { exportCall, exportListCall, requestExportCall } from '@portal/domain/contracts/calls/exports';
import type { ExportRequestBody, ExportRow } from '@portal/domain/contracts/exports';
import { apiDownload, call } from '../../api/client.ts';
import { toastError } from '../../ui/toast.ts';

export type { ExportRow } from '@portal/domain/contracts/exports';

/** Asks the server to write a list's file in the background (the job queue). */
export const requestExport = async (body: ExportRequestBody) =>
  (await call(requestExportCall, { body })).dados;

export const readExport = async (id: number) => (await call(exportCall, { params: { id } })).dados;

/** The user's own exports of the last days, newest first. */
export const listExports = async () => (await call(exportListCall)).dados;

/** Hands the browser a downloaded file under the server's name. */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Downloads a finished export's file and saves it where the browser saves downloads; a failure
 * (the file expired meanwhile) is told in a toast.
 */
export async function downloadExport(row: ExportRow): Promise<void> {
  try {
    const { blob, fileName } = await apiDownload(row.arquivo_url!.replace(/^\/api\//, ''), {
      signal: new AbortController().signal,
      onProgress: () => undefined,
    });
    saveFile(blob, fileName);
  } catch (err) {
    toastError((err as Error).message || 'Não foi possível baixar o arquivo.');
  }
}

/** Waiting in the queue or being written: its progress is read again every second. */
export const isUnderWay = (row: ExportRow) => row.situacao === 'na-fila' || row.situacao === 'gerando';

/** Every query key of the exports. */
export const exportKeys = {
  all: ['exportacoes'] as const,
  list: () => [...exportKeys.all, 'list'] as const,
  one: (id: number) => [...exportKeys.all, id] as const,
};
