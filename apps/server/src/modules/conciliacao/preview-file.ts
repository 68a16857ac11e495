import type { Flow } from '@portal/domain';
import type { Preview } from '@portal/domain/contracts/reconciliation';
import { checkBaseRow, columnHeader, mapColumns, type BaseField } from '@portal/domain/reconciliation';
import type { DbOrTx } from '../../db/client.ts';
import { readTable } from './read-table.ts';
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
