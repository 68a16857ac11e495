import { PassThrough, pipeline, Readable } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { unprocessable } from '../../http/errors.ts';

/**
 * The provider's export as rows of text, read as it arrives and never held whole: an xlsx (its
 * first sheet, through ExcelJS's streaming reader) or a delimited text file (`;`, `,` or tab, in
 * UTF-8 or Windows-1252, told apart from its first bytes). The first row is the header.
 */
export async function* readTable(
  source: AsyncIterable<Buffer>,
  { maxSharedText = MAX_SHARED_TEXT } = {},
): AsyncGenerator<string[]> {
  const { head, rest } = await peek(source, HEAD_BYTES);
  if (head.length === 0) throw unprocessable('O arquivo está vazio.', 'arquivo');
  if (isXlsx(head)) {
    yield* readXlsx(concat(head, rest), maxSharedText);
  } else if (head.subarray(0, 4).equals(OLE)) {
    throw unprocessable(
      'Planilhas .xls antigas não são lidas: salve o arquivo como .xlsx ou .csv.',
      'arquivo',
    );
  } else {
    yield* readDelimited(head, rest);
  }
}

/** What readTable looks at before it decides how to read a file. */
export const HEAD_BYTES = 64 * 1024;
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);
export const isXlsx = (head: Buffer) => head.subarray(0, 4).equals(ZIP);

/** The first `size` bytes (or all, if fewer), and an iterator over the remaining chunks. */
export async function peek(source: AsyncIterable<Buffer>, size: number) {
  const iterator = source[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < size) {
    const next = await iterator.next();
    if (next.done) break;
    chunks.push(next.value);
    length += next.value.length;
  }
  const rest: AsyncIterable<Buffer> = { [Symbol.asyncIterator]: () => iterator };
  return { head: Buffer.concat(chunks), rest };
}

export async function* concat(head: Buffer, rest: AsyncIterable<Buffer>) {
  yield head;
  yield* rest;
}

function isUtf8(bytes: Buffer): boolean {
  try {
    // `stream: true` lets a character cut at the end of the sample pass.
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/** The separator used most in the first line. */
function delimiterOf(firstLine: string): string {
  const counts = [';', ',', '\t'].map((d) => [d, firstLine.split(d).length - 1] as const);
  return counts.reduce((best, c) => (c[1] > best[1] ? c : best))[0];
}

async function* readDelimited(head: Buffer, rest: AsyncIterable<Buffer>): AsyncGenerator<string[]> {
  const encoding = isUtf8(head) ? 'utf-8' : 'windows-1252';
  const decoder = new TextDecoder(encoding, { fatal: encoding === 'utf-8' });
  const firstLine = decoder.decode(head, { stream: true }).replace(/^\uFEFF/, '');
  const parser = parse({
    delimiter: delimiterOf(firstLine.split(/\r?\n/, 1)[0] ?? ''),
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    // A row is a few hundred characters; one without end would be held whole in memory.
    max_record_size: MAX_ROW_CHARS,
  });
  const text = async function* () {
    yield firstLine;
    try {
      for await (const chunk of rest) yield decoder.decode(chunk, { stream: true });
      yield decoder.decode();
    } catch (err) {
      if (err instanceof TypeError) {
        throw unprocessable('O arquivo mistura codificações de texto: salve-o como CSV UTF-8.', 'arquivo');
      }
      throw err;
    }
  };
  // pipeline, not pipe: a failing upload (past its limit, cut off) fails the parser, which the loop
  // below hears; through pipe it would be an 'error' nobody listens to, and the end of the process.
  const rows = pipeline(Readable.from(text()), parser, () => undefined);
  try {
    for await (const row of rows) yield row as string[];
  } catch (err) {
    throw csvProblem(err) ?? err;
  }
}

const MAX_ROW_CHARS = 1024 * 1024;
const rowTooLong = (line: number | undefined) =>
  unprocessable(`A linha ${line} passa de 1 MB: o arquivo não parece uma exportação da base.`, 'arquivo');

/** What the csv parser could not read, said in Portuguese with the line (as a spreadsheet numbers it). */
function csvProblem(err: unknown) {
  const { code, lines, records } = err as { code?: string; lines?: number; records?: number };
  if (code === 'CSV_QUOTE_NOT_CLOSED') {
    // The parser counts lines to the end of the file; the quote opened on the row after the last read.
    const opened = (records ?? 0) + 1;
    return unprocessable(
      `O arquivo tem aspas abertas e não fechadas a partir da linha ${opened}: corrija-o e envie de novo.`,
      'arquivo',
    );
  }
  if (code === 'CSV_MAX_RECORD_SIZE') return rowTooLong(lines);
  if (code?.startsWith('CSV_')) {
    return unprocessable(`O arquivo não pôde ser lido como CSV (linha ${lines}).`, 'arquivo');
  }
  return undefined;
}

/** A cell as the text a person sees in it. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('error' in value) return '';
  }
  return String(value);
}

/**
 * More shared text than an export of a million rows holds: past it, the file is a decompression
 * bomb (a few kilobytes that inflate to gigabytes) or no export at all.
 */
export const MAX_SHARED_TEXT = 200 * 1024 * 1024;

type SharedText = string | { richText: { text: string }[] };
type ParseItem = { index: number; text: SharedText } | { eventType: string; value: unknown };

/**
 * `source` as a stream for a reader that only pipes it (ExcelJS), and a promise rejected with the
 * source's failure (too large, cut off). Emitted on a piped stream, that error would reach nobody —
 * the end of the process — and a zip reader given less than a zip waits for the rest forever, so
 * the caller races every read against `failed`.
 */
function streamOf(source: AsyncIterable<Buffer>) {
  const stream = new PassThrough();
  let fail: (err: unknown) => void = () => undefined;
  const failed = new Promise<never>((_, reject) => (fail = reject));
  let failure: unknown;
  failed.catch(() => undefined); // a failure after the last read is nobody's to hear
  const writable = () =>
    new Promise<void>((resolve) => {
      const go = () => {
        stream.off('drain', go).off('close', go);
        resolve();
      };
      stream.on('drain', go).on('close', go);
    });
  void (async () => {
    try {
      for await (const chunk of source) {
        if (stream.destroyed) return;
        if (!stream.write(chunk)) await writable();
      }
      stream.end();
    } catch (err) {
      failure = err;
      fail(err);
    }
  })();
  return { stream, failed, isSourceFailure: (err: unknown) => failure !== undefined && err === failure };
}

/** The items of `items` until `failed` rejects, which then ends the loop with its error. */
async function* until<T>(items: AsyncIterable<T>, failed: Promise<never>): AsyncGenerator<T> {
  const iterator = items[Symbol.asyncIterator]();
  for (;;) {
    const next = await Promise.race([iterator.next(), failed]);
    if (next.done) return;
    yield next.value;
  }
}

/**
 * The first sheet's rows. The shared strings are kept here rather than by ExcelJS, so their size
 * is counted as they arrive and a bomb is refused before it fills the memory.
 */
async function* readXlsx(source: AsyncIterable<Buffer>, maxSharedText: number): AsyncGenerator<string[]> {
  const { stream, failed, isSourceFailure } = streamOf(source);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(stream, {
    sharedStrings: 'emit',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
  });
  const shared: SharedText[] = [];
  let sharedLength = 0;
  const parse = (reader as unknown as { parse(): AsyncIterable<ParseItem> }).parse();
  try {
    for await (const item of until(parse, failed)) {
      if ('index' in item) {
        const text =
          typeof item.text === 'string' ? item.text : item.text.richText.map((r) => r.text).join('');
        sharedLength += text.length;
        if (sharedLength > maxSharedText) {
          throw unprocessable(
            'A planilha tem mais texto do que uma exportação da base: salve-a como CSV.',
            'arquivo',
          );
        }
        shared[item.index] = text;
        continue;
      }
      if (item.eventType !== 'worksheet') continue;
      for await (const row of until(item.value as AsyncIterable<ExcelJS.Row>, failed)) {
        // row.values is 1-based and sparse.
        const values = (row.values as ExcelJS.CellValue[]).slice(1);
        const texts = Array.from(values, (value) => {
          const index = (value as { sharedString?: number } | null)?.sharedString;
          return index === undefined ? cellText(value) : cellText((shared[index] ?? '') as ExcelJS.CellValue);
        });
        // A row is held to a csv row's limit: text written in its cell (not shared) escapes the
        // shared text's count, and a few kilobytes of zip inflate into a cell of hundreds of MB.
        if (texts.reduce((length, text) => length + text.length, 0) > MAX_ROW_CHARS)
          throw rowTooLong(row.number);
        yield texts;
      }
      return; // the first sheet only
    }
  } catch (err) {
    // The source's own failure (too large, cut off, the storage away) is told as it is.
    if (isSourceFailure(err) || (err as { statusCode?: number }).statusCode) throw err;
    throw unprocessable('O arquivo não é uma planilha .xlsx válida (ou chegou incompleto).', 'arquivo');
  } finally {
    stream.destroy();
  }
}
