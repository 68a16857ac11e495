import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_COMPANY_NAME } from '@portal/domain/reconciliation';
import { clientCnpjForUf } from '@portal/domain';
import ExcelJS from 'exceljs';
import { readTable } from '../../src/modules/conciliacao/read-table.ts';
import { bearer, createTestApp, login, type TestApp } from '../support/test-app.ts';

/**
 * Issue 11 "Bad input", as a hostile provider operator would send it: whatever the file, the
 * answer is a Portuguese 4xx naming the problem, never a 5xx, and the base is left as it was.
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await login(t.app, 'amee@demo.portal');
});
afterAll(() => t.close());

const HEADER = 'UC;Concessionária;Razão Social Fatura;CNPJ Fatura;UF';
const GOOD = `HOSTIL-1;ENEL SP;${CLIENT_COMPANY_NAME};${clientCnpjForUf('SP')};SP`;

function upload(content: Buffer | string, filename = 'base.csv') {
  const boundary = '----hostil';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/conciliacao/importar?fluxo=energia',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(token) },
  });
}

const footprint = async () =>
  (
    (await t.app.db.execute(
      sql`select (select md5(coalesce(string_agg(b::text, '|' order by b.id), '')) from base_provedor b) as base,
                 (select count(*)::int from regularizacoes) as regularizacoes`,
    )) as unknown as { rows: unknown[] }
  ).rows[0];

describe('a hostile base file', () => {
  const refused: [string, Buffer | string, string][] = [
    [
      'a quote never closed',
      `${HEADER}\r\n${GOOD}\r\n"HOSTIL-2;ENEL SP;x;y;SP\r\n`,
      'O arquivo tem aspas abertas e não fechadas a partir da linha 3: corrija-o e envie de novo.',
    ],
    [
      'one field of 2 MB, which no export has',
      `${HEADER}\r\nHOSTIL-3;${'x'.repeat(2 * 1024 * 1024)};a;b;SP\r\n`,
      'A linha 2 passa de 1 MB: o arquivo não parece uma exportação da base.',
    ],
    [
      'a zip that is no spreadsheet',
      Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(2000, 7)]),
      'O arquivo não é uma planilha .xlsx válida (ou chegou incompleto).',
    ],
  ];
  for (const [name, content, message] of refused) {
    it(`${name}: 422 naming the problem, nothing applied`, async () => {
      const before = await footprint();
      const res = await upload(content);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(422);
      expect(res.json()).toEqual({ error: 1, msg: message, campo: 'arquivo' });
      expect(await footprint()).toEqual(before);
    });
  }

  it('NUL bytes and lone surrogates in a row: that row is rejected with its reason, the base untouched', async () => {
    const before = await footprint();
    const res = await upload(`${HEADER}\r\nHOSTIL-\u0000;ENEL SP;\ud800;x;SP\r\n`);
    expect(res.statusCode).toBe(200);
    expect(res.json().dados).toMatchObject({ linhas_lidas: 1, linhas_aceitas: 0, linhas_rejeitadas: 1 });
    expect(await footprint()).toEqual(before);
  });
});

describe('an xlsx whose shared text inflates past what an export holds (a decompression bomb)', () => {
  it('is refused as its text arrives, before it is held whole', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Base');
    sheet.addRow(HEADER.split(';'));
    for (let i = 0; i < 50; i++) sheet.addRow([`BOMBA-${i}`, String(i).padEnd(1000, 'x'), 'y', 'z', 'SP']);
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    const rows = readTable(
      (async function* () {
        yield bytes;
      })(),
      { maxSharedText: 20_000 },
    );
    await expect(async () => {
      for await (const row of rows) void row;
    }).rejects.toMatchObject({
      statusCode: 422,
      message: 'A planilha tem mais texto do que uma exportação da base: salve-a como CSV.',
    });
  });
});

describe('an upload cut off before its end (the connection dropped)', () => {
  it('changes nothing in the base; the run is kept as failed, with why', async () => {
    const before = await footprint();
    const rows = Array.from(
      { length: 500 },
      (_, i) => `CORTE-${i};ENEL SP;${CLIENT_COMPANY_NAME};${clientCnpjForUf('SP')};SP`,
    );
    const payload = Buffer.from(
      `------corte\r\nContent-Disposition: form-data; name="arquivo"; filename="base.csv"\r\nContent-Type: text/csv\r\n\r\n` +
        [HEADER, ...rows].join('\r\n'),
    ); // no closing boundary: the body simply ends
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/conciliacao/importar?fluxo=energia',
      payload,
      headers: { 'content-type': 'multipart/form-data; boundary=----corte', ...bearer(token) },
    });
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, res.body).toBeLessThan(500);
    expect(res.json().msg).toMatch(/incomplet|interromp|cortad/i);
    expect(await footprint()).toEqual(before);
    const runs = await t.app.inject({
      method: 'POST',
      url: '/api/conciliacao/importacoes',
      payload: {},
      headers: bearer(token),
    });
    expect(runs.json().dados[0]).toMatchObject({
      situacao: 'falhou',
      linhas_aceitas: 0,
      erro: res.json().msg,
    });
  });
});
