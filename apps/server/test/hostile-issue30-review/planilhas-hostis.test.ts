import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCnpjForUf } from '@portal/domain';
import { CLIENT_COMPANY_NAME } from '@portal/domain/reconciliation';
import { createTestApp, login, type TestApp } from '../support/test-app.ts';
import { importThroughQueue, uploadBase } from '../conciliacao/support.ts';
import { xlsx } from './support-zip.ts';

/**
 * Hostile review of issue 30: base files sent to the preview and, through the queue, to the
 * import — an xlsx whose sheet inflates far past its size, sheets in odd order, truncated files.
 * Never a 5xx, never an unhandled error, and nothing left behind on the server's disk.
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await login(t.app, 'amee@demo.portal');
});
afterAll(() => t.close());

const HEADER = ['UC', 'Concessionária', 'Razão Social Fatura', 'CNPJ Fatura', 'UF'];
const goodRow = (uc: string) => [uc, 'ENEL SP', CLIENT_COMPANY_NAME, clientCnpjForUf('SP')!, 'SP'];

async function workbook(rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Base');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('hostile spreadsheets never answer 5xx', () => {
  it('a truncated xlsx, cut at every tenth of its length, to the preview: 4xx each', async () => {
    const good = await workbook([HEADER, goodRow('PLAN-1'), goodRow('PLAN-2')]);
    for (let i = 1; i < 10; i++) {
      const cut = good.subarray(0, Math.floor((good.length * i) / 10));
      const res = await uploadBase(t.app, token, cut, { path: 'previa', filename: 'base.xlsx' });
      expect(res.statusCode, `${i}/10: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${i}/10: ${res.body}`).toBeLessThan(500);
    }
  });

  it('an xlsx whose sheet is not XML: the run fails, the base is untouched', async () => {
    const run = await importThroughQueue(t.app, token, xlsx(Buffer.from('\u0000\u0001 isto não é xml <<<')), {
      filename: 'base.xlsx',
    });
    expect(run.situacao).not.toBe('aplicada');
  });

  it('a csv whose lines are all separators (a million empty columns): refused or read, never a 5xx', async () => {
    const csv = `${HEADER.join(';')}\r\n${';'.repeat(900_000)}\r\n`;
    const res = await uploadBase(t.app, token, csv, { path: 'previa' });
    expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(500);
  });
});
