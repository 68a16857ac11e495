import type { Flow } from '@portal/domain';
import type { ImportRunRow, Preview } from '@portal/domain/contracts/reconciliation';
import { apiFile, apiPost, apiUpload } from '../../api/client.ts';

export type { ImportRunRow, Preview } from '@portal/domain/contracts/reconciliation';

export interface RunsParams {
  page: number;
  per_page: number;
}

/** The bytes of a file a preview needs: a csv's first 256 KB, a small spreadsheet whole. */
const PREVIEW_TEXT_BYTES = 256 * 1024;
export const PREVIEW_SHEET_MAX_BYTES = 1024 * 1024;
export const isSpreadsheet = (file: File) => /\.xlsx$/i.test(file.name);

/** The header's mapping and the first rows, judged as the import will; null when the file is too big to preview. */
export async function previewFile(flow: Flow, file: File): Promise<Preview | null> {
  if (isSpreadsheet(file) && file.size > PREVIEW_SHEET_MAX_BYTES) return null;
  const sample = isSpreadsheet(file) ? file : new File([file.slice(0, PREVIEW_TEXT_BYTES)], file.name);
  const answer = await apiUpload<{ dados: Preview }>(
    `conciliacao/previa?fluxo=${flow}`,
    {},
    [['arquivo', sample]],
    () => {},
  );
  return answer.dados;
}

export const importFile = (flow: Flow, file: File, onProgress: (percent: number) => void) =>
  apiUpload<{ msg: string; dados: ImportRunRow }>(
    `conciliacao/importar?fluxo=${flow}`,
    {},
    [['arquivo', file]],
    onProgress,
  );

export const listRuns = (params: RunsParams) =>
  apiPost<{ dados: ImportRunRow[]; total: number }>('conciliacao/importacoes', params);

/** Saves the run's rejected rows (csv) where the browser saves downloads. */
export async function downloadRejectedRows(run: ImportRunRow): Promise<void> {
  const { bytes } = await apiFile(run.rejeitadas_url!);
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([bytes], { type: 'text/csv' }));
  link.download = `linhas-rejeitadas-importacao-${run.id}.csv`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
