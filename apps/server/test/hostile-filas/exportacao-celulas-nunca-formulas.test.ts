import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solicitacoes } from '../../src/db/schema.ts';
import { parseCsv } from '../support/csv.ts';
import { insertSyntheticRequests } from '../support/synthetic-requests.ts';
import { createTestApp, loginDemo, runQueue, type TestApp } from '../support/test-app.ts';
import { askExport, get } from '../exportacoes/support.ts';

/**
 * Hostile review of issue 16: text a requester typed that a spreadsheet would run as a formula
 * (=, +, -, @) is written by the queue as text, in csv and xlsx, as the direct download writes it.
 */
let t: TestApp;
let tokens: Record<string, string>;
const REPORT = 'novas-unidades/relatorio/exportar';
const FORMULAS = {
  endereco: '=HYPERLINK("http://x.example")',
  bairro: "+1+cmd|' /C calc'!A0",
  municipio: "@SUM(1+1)*cmd|' /C calc'!A0",
  numero: '-2+3',
};

beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginDemo(t.app, ['celula']);
  await insertSyntheticRequests(t.app.db, 1);
  const [last] = await t.app.db.select({ id: sql<number>`max(${solicitacoes.id})` }).from(solicitacoes);
  await t.app.db
    .update(solicitacoes)
    .set({ ...FORMULAS, fluxo: 'energia', tipo: 'nova' })
    .where(eq(solicitacoes.id, last!.id));
});
afterAll(() => t.close());

async function queuedFile(formato: 'csv' | 'xlsx') {
  const asked = await askExport(t.app, tokens.celula!, { origem: REPORT, formato });
  expect(asked.statusCode, asked.body).toBe(200);
  await runQueue(t.app);
  const file = await get(t.app, tokens.celula!, `/api/exportacoes/${asked.json().dados.id}/arquivo`);
  expect(file.statusCode).toBe(200);
  return file.rawPayload;
}

describe('cells that look like formulas', () => {
  it('csv: each is written behind an apostrophe, as the direct download writes it', async () => {
    const file = await queuedFile('csv');
    const cells = parseCsv(file.toString('utf8')).flat();
    for (const value of Object.values(FORMULAS)) {
      expect(cells).toContain(`'${value}`);
      expect(cells).not.toContain(value);
    }
    const direct = await get(t.app, tokens.celula!, `/api/${REPORT}?formato=csv`);
    expect(file.equals(direct.rawPayload)).toBe(true);
  });

  it('xlsx: each is a text cell, never a formula', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await queuedFile('xlsx')) as unknown as ArrayBuffer);
    const found = new Map<string, ExcelJS.ValueType>();
    workbook.worksheets[0]!.eachRow((row) =>
      row.eachCell((cell) => {
        if (Object.values(FORMULAS).includes(String(cell.value))) found.set(String(cell.value), cell.type);
      }),
    );
    expect([...found.keys()].sort()).toEqual(Object.values(FORMULAS).sort());
    expect(new Set(found.values())).toEqual(new Set([ExcelJS.ValueType.String]));
  });
});
