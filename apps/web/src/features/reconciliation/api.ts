import type { Flow, ListQuery } from '@portal/domain';
import { importCall, importRunsCall, previewCall } from '@portal/domain/contracts/calls/reconciliation';
import type { ImportRunRow } from '@portal/domain/contracts/reconciliation';
import { apiFile, call, upload } from '../../api/client.ts';

export type { ImportRunRow, Preview } from '@portal/domain/contracts/reconciliation';

/** Paging of the import runs' table. */
export type RunsParams = Pick<ListQuery, 'page' | 'per_page'>;

/** The bytes of a file a preview needs: a csv's first 256 KB, a small spreadsheet whole. */
const PREVIEW_TEXT_BYTES = 256 * 1024;
export const PREVIEW_SHEET_MAX_BYTES = 1024 * 1024;
export const isSpreadsheet = (file: File) => /\.xlsx$/i.test(file.name);

/** The header's mapping and the first rows, judged as the import will; null when the file is too big to preview. */
export async function previewFile(flow: Flow, file: File) {
  if (isSpreadsheet(file) && file.size > PREVIEW_SHEET_MAX_BYTES) return null;
  const sample = isSpreadsheet(file) ? file : new File([file.slice(0, PREVIEW_TEXT_BYTES)], file.name);
  const answer = await upload(
    previewCall,
    { dados: {}, files: [['arquivo', sample]], query: { fluxo: flow } },
    () => {},
  );
  return answer.dados;
}

export const importFile = (flow: Flow, file: File, onProgress: (percent: number) => void) =>
  upload(importCall, { dados: {}, files: [['arquivo', file]], query: { fluxo: flow } }, onProgress);

export const listRuns = (params: RunsParams) => call(importRunsCall, { body: params });

/** Saves the run's rejected rows (csv) where the browser saves downloads. */
export async function downloadRejectedRows(run: ImportRunRow): Promise<void> {
  const { bytes } = await apiFile(run.rejeitadas_url!);
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([bytes], { type: 'text/csv' }));
  link.download = `linhas-rejeitadas-importacao-${run.id}.csv`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
