import type { Flow } from '@portal/domain';
import type { Preview } from '@portal/domain/contracts/reconciliation';
import { checkBaseRow, columnHeader, mapColumns, type BaseField } from '@portal/domain/reconciliation';
import type { DbOrTx } from '../../db/client.ts';
import { unprocessable } from '../../http/errors.ts';
import { isXlsx, readTable } from './read-table.ts';
import { rowContext } from './repo.ts';

const PREVIEW_ROWS = 10;

/** The header's mapping and the first rows of a file, each judged as the import would. */
export async function previewFile(db: DbOrTx, flow: Flow, bytes: AsyncIterable<Buffer>): Promise<Preview> {
  const context = await rowContext(db, flow);
  const preview: Preview = { colunas: [], problema: null, linhas: [] };
  let fields: (BaseField | null)[] = [];
  let linha = 1;
  for await (const values of readTable(bytes)) {
    if (linha === 1) {
      const mapping = mapColumns(values);
      fields = mapping.ok ? mapping.fields : [];
      preview.colunas = values.map((cabecalho, i) => {
        const field = fields[i];
        return { cabecalho, campo: field ? columnHeader(field) : null };
      });
      if (!mapping.ok) {
        preview.problema = mapping.message;
        preview.colunas = values.map((cabecalho) => ({ cabecalho, campo: null }));
      }
    } else {
      const raw: Partial<Record<BaseField, string>> = {};
      fields.forEach((field, i) => {
        if (field) raw[field] = values[i] ?? '';
      });
      const check = fields.length ? checkBaseRow(raw, context) : { ok: true as const };
      preview.linhas.push({ linha, valores: values, motivos: check.ok ? [] : check.reasons });
    }
    if (linha++ > PREVIEW_ROWS) break;
  }
  return preview;
}

/**
 * Refuses, as the import would, a file its first bytes already condemn: empty, an old .xls, a
 * header no export has (422). Whatever else only reading it whole can tell: a spreadsheet (its
 * header comes with its sheet), a first line longer than `head` or holding a quoted line break.
 * `whole` says `head` is the whole file.
 */
export async function checkHeader(head: Buffer, whole: boolean): Promise<void> {
  if (isXlsx(head)) return;
  const end = head.indexOf(0x0a);
  if (end < 0 && !whole) return;
  const firstLine = end < 0 ? head : head.subarray(0, end + 1);
  if (firstLine.filter((byte) => byte === 0x22).length % 2) return;
  const lines = (async function* () {
    yield firstLine;
  })();
  for await (const header of readTable(lines)) {
    const mapping = mapColumns(header);
    if (!mapping.ok) throw unprocessable(mapping.message, 'arquivo');
    return;
  }
}
