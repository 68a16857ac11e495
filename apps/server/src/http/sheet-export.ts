import { SHEET_CONTENT_TYPES as SHEET_TYPES } from '@portal/domain/contracts/calls/shared';
import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { safeHttpUrl } from '@portal/domain';
import {
  FILE_LINK_TEXT,
  formatTaxIdDigits,
  reportCellText,
  type AdminSheet,
  type ExportFormat,
  type ReportCell,
  type ReportColumn,
  type ReportRow,
} from '@portal/domain/reports';
import { csvCell } from './csv-cell.ts';

/** A list's rows as a sheet: what the file holds, whatever its format and destination. */
export interface SheetRows {
  /** Without extension. */
  fileName: string;
  sheetName: string;
  columns: readonly ReportColumn[];
  batches: AsyncIterable<ReportRow[]>;
  /** How many rows will follow (sent ahead as X-Total-Registros, or the queue's progress). */
  total: number;
}

/**
 * A list exported as a spreadsheet, streamed: each batch of rows is written as soon as it is
 * read, so the first bytes leave before the last rows are read and memory holds one batch at a
 * time, whatever the row count. xlsx through ExcelJS's streaming writer, or csv as Brazilian
 * Excel opens it (UTF-8 with BOM, `;`).
 */
export interface SheetExport extends SheetRows {
  format: ExportFormat;
  /** The portal's absolute address: file cells link to its viewer, which asks to sign in. */
  publicUrl: string;
}

/** By format, as the calls' descriptors document them. */
export const SHEET_CONTENT_TYPES: Record<ExportFormat, string> = SHEET_TYPES;

/**
 * The sheet's bytes as they are written, for a download or a stored file alike. A failure while
 * writing destroys the stream with its error (after `onFailure`); a destination gone stops the
 * writing at the next batch.
 */
export function sheetStream(sheet: SheetExport, onFailure?: (err: Error) => void): PassThrough {
  const out = new PassThrough();
  // A failure before the destination listens (the storage opens its file first) would otherwise
  // be an uncaught 'error' event; the destination still finds the stream destroyed with it.
  out.on('error', () => undefined);
  const writing = sheet.format === 'csv' ? writeCsv(out, sheet) : writeXlsx(out, sheet);
  writing.catch((err: Error) => {
    onFailure?.(err);
    out.destroy(err);
  });
  return out;
}

export function sendSheet(reply: FastifyReply, sheet: SheetExport): FastifyReply {
  // A failure after the first bytes cannot become an error answer: the download is cut short.
  const out = sheetStream(sheet, (err) => reply.log.error({ err }, 'exportação interrompida'));
  return reply
    .header('content-type', SHEET_CONTENT_TYPES[sheet.format])
    .header('content-disposition', `attachment; filename="${sheet.fileName}.${sheet.format}"`)
    .header('x-total-registros', String(sheet.total))
    .send(out);
}

/** Waits while the client reads slower than the rows are written; false once the download is gone. */
async function drained(out: Writable): Promise<boolean> {
  if (out.destroyed) return false;
  if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
  return !out.destroyed;
}

/** A file cell opens the portal's viewer of that file: /arquivo/… for the /api/… download address. */
export const viewerUrl = (publicUrl: string, apiPath: string) =>
  `${publicUrl}${apiPath.replace(/^\/api\//, '/arquivo/')}`;

/** yyyy-mm-dd or yyyy-mm-ddThh:mm:ss (the portal's wall clock) as the Date Excel shows as such. */
function excelDate(value: string): Date {
  const [y, m, d, hh = 0, mm = 0, ss = 0] = value.split(/[-T:]/).map(Number);
  const date = new Date(Date.UTC(2000, m! - 1, d!, hh, mm, ss));
  date.setUTCFullYear(y!); // Date.UTC would read years 0–99 as 1900–1999
  return date;
}
/** Excel's calendar starts in 1900: an earlier date is written as the text the screen shows. */
const FIRST_EXCEL_YEAR = 1900;

/** The most a spreadsheet cell holds; a longer text (a long history) is cut, marked with '…'. */
const MAX_CELL_TEXT = 32_767;
/** Characters XML 1.0 cannot carry: one of them would make the whole file unreadable. */
const NOT_IN_XML =
  // eslint-disable-next-line no-control-regex -- these control characters are the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
function xlsxText(value: string): string {
  const text = value.replace(NOT_IN_XML, '');
  return text.length > MAX_CELL_TEXT ? `${text.slice(0, MAX_CELL_TEXT - 1)}…` : text;
}

function xlsxValue(column: ReportColumn, value: ReportCell, publicUrl: string): ExcelJS.CellValue {
  if (value === null || value === '') return null;
  switch (column.kind) {
    case 'number':
      return Number(value);
    case 'date':
    case 'datetime':
      return Number(String(value).slice(0, 4)) < FIRST_EXCEL_YEAR
        ? reportCellText(column.kind, value)
        : excelDate(String(value));
    case 'taxId':
      return formatTaxIdDigits(String(value));
    case 'file':
      return { text: FILE_LINK_TEXT, hyperlink: viewerUrl(publicUrl, String(value)) };
    case 'url': {
      const address = safeHttpUrl(String(value));
      return address ? { text: FILE_LINK_TEXT, hyperlink: address } : xlsxText(String(value));
    }
    case 'text':
      return xlsxText(String(value));
  }
}

/**
 * One style object per kind of cell, shared by every cell of that kind: ExcelJS recognises an
 * object it has seen and skips rebuilding its style for each cell, which triples the rows written
 * per second.
 */
const STYLES = {
  plain: {},
  header: { font: { bold: true } },
  date: { numFmt: 'dd/mm/yyyy' },
  datetime: { numFmt: 'dd/mm/yyyy hh:mm' },
  link: { font: { color: { argb: 'FF0563C1' }, underline: true } },
} satisfies Record<string, Partial<ExcelJS.Style>>;
const styleOf = (column: ReportColumn): Partial<ExcelJS.Style> =>
  column.kind === 'date' ? STYLES.date : column.kind === 'datetime' ? STYLES.datetime : STYLES.plain;

const WIDTHS: Partial<Record<ReportColumn['kind'], number>> = {
  number: 10,
  date: 12,
  datetime: 17,
  taxId: 20,
  file: 19,
  url: 19,
};
const widthOf = (column: ReportColumn) =>
  WIDTHS[column.kind] ?? Math.min(40, Math.max(14, column.header.length + 2));

async function writeXlsx(out: Writable, sheet: SheetExport): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const worksheet = workbook.addWorksheet(sheet.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  worksheet.columns = sheet.columns.map((column) => ({
    header: column.header,
    key: column.key,
    width: widthOf(column),
  }));
  worksheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: sheet.columns.length } };
  const header = worksheet.getRow(1);
  header.eachCell((cell) => (cell.style = STYLES.header));
  header.commit();
  const styles = sheet.columns.map(styleOf);
  for await (const batch of sheet.batches) {
    for (const row of batch) {
      const written = worksheet.addRow(
        sheet.columns.map((column) => xlsxValue(column, row[column.key] ?? null, sheet.publicUrl)),
      );
      written.eachCell({ includeEmpty: true }, (cell, i) => {
        cell.style = cell.type === ExcelJS.ValueType.Hyperlink ? STYLES.link : styles[i - 1]!;
      });
      written.commit();
    }
    if (!(await drained(out))) return;
  }
  worksheet.commit();
  await workbook.commit();
}

function csvValue(column: ReportColumn, value: ReportCell, publicUrl: string): string {
  if (value === null) return '';
  if (column.kind === 'file') return viewerUrl(publicUrl, String(value));
  const text = reportCellText(column.kind, value);
  return column.kind === 'text' || column.kind === 'url' ? csvCell(text) : text;
}

const BOM = '\uFEFF';

async function writeCsv(out: Writable, sheet: SheetExport): Promise<void> {
  out.write(`${BOM}${sheet.columns.map((c) => csvCell(c.header)).join(';')}\r\n`);
  for await (const batch of sheet.batches) {
    const lines = batch.map(
      (row) => sheet.columns.map((c) => csvValue(c, row[c.key] ?? null, sheet.publicUrl)).join(';') + '\r\n',
    );
    out.write(lines.join(''));
    if (!(await drained(out))) return;
  }
  out.end();
}

/** How many rows a list's export asks its own paged query for at a time. */
const LIST_EXPORT_PAGE = 1000;

/**
 * An administration list exported through its own paged query, in the list's order and filter
 * (these lists hold hundreds or thousands of rows, so paging by number is cheap).
 */
export async function sendListSheet<Row>(
  reply: FastifyReply,
  sheet: AdminSheet<Row>,
  options: { format: ExportFormat; publicUrl: string },
  /** The list call's use case: without an `id` it always answers a page. */
  readPage: (paging: {
    page: number;
    per_page: number;
  }) => Promise<{ dados: Row } | { total: number; dados: Row[] }>,
): Promise<FastifyReply> {
  const pageOf = async (page: number) => {
    const answer = await readPage({ page, per_page: LIST_EXPORT_PAGE });
    return 'total' in answer ? answer : { total: 1, dados: [answer.dados] };
  };
  const first = await pageOf(1);
  async function* batches(): AsyncGenerator<ReportRow[]> {
    let current = first;
    for (let page = 2; ; page++) {
      yield current.dados.map(sheet.cells);
      if (current.dados.length < LIST_EXPORT_PAGE) return;
      current = await pageOf(page);
    }
  }
  return sendSheet(reply, {
    fileName: sheet.fileName,
    sheetName: sheet.sheetName,
    columns: sheet.columns,
    format: options.format,
    batches: batches(),
    total: first.total,
    publicUrl: options.publicUrl,
  });
}
