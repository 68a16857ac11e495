import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCnpjForUf } from '@portal/domain';
import { CLIENT_COMPANY_NAME } from '@portal/domain/reconciliation';
import { createTestApp, loginDemo, runQueue, type TestApp } from '../support/test-app.ts';
import { listedRun, storedKeys, uploadBase } from '../conciliacao/support.ts';

/**
 * Hostile review of issue 16: an xlsx whose cell is written in the sheet itself (an inline string,
 * which the shared text's limit does not count) and inflates from a few kilobytes into many
 * megabytes is refused as a csv with such a row is, not imported with the cell copied into the
 * rejected rows.
 */
let t: TestApp;
let tokens: Record<string, string>;
const HEADER = ['UC', 'Concessionária', 'Razão Social Fatura', 'CNPJ Fatura', 'UF'];
const GOOD = ['BOMBA-INLINE-1', 'ENEL SP', CLIENT_COMPANY_NAME, clientCnpjForUf('SP')!, 'SP'];

beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginDemo(t.app, ['amee']);
});
afterAll(() => t.close());

/** A workbook written as ExcelJS's streaming writer does without shared strings: every text inline. */
async function inlineWorkbook(rows: string[][]): Promise<Buffer> {
  const out = new PassThrough();
  const bytes = buffer(out);
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false });
  const sheet = book.addWorksheet('Base');
  for (const row of rows) sheet.addRow(row).commit();
  sheet.commit();
  await book.commit();
  return bytes;
}

const baseCount = async () =>
  (
    (await t.app.db.execute(sql`select count(*)::int as n from base_provedor`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows[0]!.n;

describe('an xlsx cell written inline that inflates far past any export', () => {
  it('a 64 MB cell sent in a file of a few hundred kilobytes: the run fails naming the row, nothing applied nor kept', async () => {
    const file = await inlineWorkbook([
      HEADER,
      GOOD,
      ['A'.repeat(64 * 1024 * 1024), 'ENEL SP', 'x', 'y', 'SP'],
    ]);
    expect(file.length).toBeLessThan(512 * 1024);
    const before = { base: await baseCount(), keys: await storedKeys(t.app) };
    const res = await uploadBase(t.app, tokens.amee!, file, { filename: 'base.xlsx' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await runQueue(t.app)).toEqual({ claimed: 1, failed: 0 });
    expect(await listedRun(t.app, tokens.amee!, res.json().dados.id)).toMatchObject({
      situacao: 'falhou',
      erro: 'A linha 3 passa de 1 MB: o arquivo não parece uma exportação da base.',
      rejeitadas_url: null,
    });
    expect(await baseCount()).toBe(before.base);
    expect(await storedKeys(t.app)).toEqual(before.keys);
  });
});
