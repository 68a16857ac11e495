import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_COMPANY_NAME } from '@portal/domain/reconciliation';
import { clientCnpjForUf } from '@portal/domain';
import ExcelJS from 'exceljs';
import { MAX_IMPORT_BYTES } from '../../src/http/limits.ts';
import { readTable } from '../../src/modules/conciliacao/read-table.ts';
import { bearer, createTestApp, login, runQueue, type TestApp } from '../support/test-app.ts';
import { importThroughQueue, listedRun, storedKeys, uploadBase } from './support.ts';

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

const upload = (content: Buffer | string, filename = 'base.csv') =>
  uploadBase(t.app, token, content, { filename });
const imported = (content: Buffer | string) => importThroughQueue(t.app, token, content);

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
    it(`${name}: the run fails naming the problem, nothing applied, nothing kept`, async () => {
      const [before, files] = [await footprint(), await storedKeys(t.app)];
      const run = await imported(content);
      expect(run).toMatchObject({ situacao: 'falhou', erro: message, rejeitadas_url: null });
      expect(await footprint()).toEqual(before);
      expect(await storedKeys(t.app)).toEqual(files);
    });
  }

  it('a NUL byte in a cell of an otherwise good row: that row is rejected with its reason, the rest applied', async () => {
    const run = await imported(
      `${HEADER}\r\nHOSTIL-4;ENEL SP;${CLIENT_COMPANY_NAME}\u0000;${clientCnpjForUf('SP')};SP\r\n${GOOD}\r\n`,
    );
    expect(run).toMatchObject({
      situacao: 'aplicada',
      linhas_lidas: 2,
      linhas_aceitas: 1,
      linhas_rejeitadas: 1,
    });
    const stored = (await t.app.db.execute(
      sql`select uc from base_provedor where uc like 'HOSTIL-%' order by uc`,
    )) as unknown as { rows: { uc: string }[] };
    expect(stored.rows.map((r) => r.uc)).toEqual(['HOSTIL-1']);
  });
});

describe('the rejected rows handed back as csv', () => {
  it('show a cell written as a formula as text, never as a formula the spreadsheet would run', async () => {
    const run = await imported(`${HEADER}\r\n=HYPERLINK("http://x");@SUM(1);x;y;SP\r\n-2+3;+1;x;y;SP\r\n`);
    const rejected = await t.app.inject({
      method: 'GET',
      url: run.rejeitadas_url!,
      headers: bearer(token),
    });
    const lines = rejected.body.split('\r\n');
    expect(lines[1]).toMatch(/^2;"'=HYPERLINK\(""http:\/\/x""\)";'@SUM\(1\);/);
    expect(lines[2]).toMatch(/^3;'-2\+3;'\+1;/);
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
  it('is refused in Portuguese: nothing kept, nothing queued, the base as it was', async () => {
    const [before, files] = [await footprint(), await storedKeys(t.app)];
    const runsBefore = (await t.app.db.execute(
      sql`select count(*)::int as n from importacoes_base`,
    )) as unknown as {
      rows: { n: number }[];
    };
    const rows = Array.from(
      { length: 5000 },
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
    expect(await storedKeys(t.app)).toEqual(files);
    const runsAfter = (await t.app.db.execute(
      sql`select count(*)::int as n from importacoes_base`,
    )) as unknown as {
      rows: { n: number }[];
    };
    expect(runsAfter.rows[0]!.n).toBe(runsBefore.rows[0]!.n);
  });
});

describe('over a real connection, every upload is answered whatever part of it was read', () => {
  let base: string;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}/api`;
  });

  const send = (path: string, content: string | Buffer, name = 'arquivo', filename = 'base.csv') => {
    const form = new FormData();
    form.append(name, new Blob([content], { type: 'text/csv' }), filename);
    return fetch(`${base}/${path}`, {
      method: 'POST',
      body: form,
      headers: bearer(token),
      signal: AbortSignal.timeout(20_000),
    });
  };
  type Answer = { msg: string; dados: { problema: string | null; linhas: { valores: string[] }[] } };
  const answer = async (res: Response) => (await res.json()) as Answer;
  const manyRows = (bytes: number) => {
    const rows = [HEADER];
    for (let i = 0, size = 0; size < bytes; i++) {
      const row = `GRANDE-${i};ENEL SP;${CLIENT_COMPANY_NAME};${clientCnpjForUf('SP')};SP`;
      rows.push(row);
      size += row.length + 2;
    }
    return rows.join('\r\n');
  };

  it('a preview of a 900 KB csv reads its first rows and answers', async () => {
    const res = await send('conciliacao/previa?fluxo=energia', manyRows(900 * 1024));
    expect(res.status).toBe(200);
    const { dados } = await answer(res);
    expect(dados.problema).toBeNull();
    expect(dados.linhas[0]?.valores[0]).toBe('GRANDE-0');
  });

  it('a preview of a file over its 1 MB limit still answers with its first rows', async () => {
    const res = await send('conciliacao/previa?fluxo=energia', manyRows(3 * 1024 * 1024));
    expect(res.status).toBe(200);
    expect((await answer(res)).dados.linhas).toHaveLength(10);
  });

  /** A real spreadsheet of `bytes` or more: random text, which its zip cannot shrink. */
  const largeSpreadsheet = async (bytes: number) => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Base');
    sheet.addRow(HEADER.split(';'));
    for (let i = 0; i * 60 < bytes; i++)
      sheet.addRow([
        randomBytes(24).toString('hex'),
        'ENEL SP',
        CLIENT_COMPANY_NAME,
        clientCnpjForUf('SP'),
        'SP',
      ]);
    return Buffer.from(await book.xlsx.writeBuffer());
  };

  it('a preview of a spreadsheet over the preview limit is refused with 413 in Portuguese, and the server keeps serving', async () => {
    const res = await send(
      'conciliacao/previa?fluxo=energia',
      await largeSpreadsheet(1.5 * 1024 * 1024),
      'arquivo',
      'base.xlsx',
    );
    expect(res.status).toBe(413);
    expect((await answer(res)).msg).toBe('O arquivo passa de 1 MB.');
    expect((await fetch(`${base}/health`)).status).toBe(200);
  });

  it('a preview of a csv whose first line passes the preview limit is refused in Portuguese, and the server keeps serving', async () => {
    const res = await send(
      'conciliacao/previa?fluxo=energia',
      `${HEADER};${'x'.repeat(1.5 * 1024 * 1024)}\r\n`,
    );
    expect(res.status).toBe(413);
    expect((await answer(res)).msg).toBe('O arquivo passa de 1 MB.');
    expect((await fetch(`${base}/health`)).status).toBe(200);
  });

  it('an import refused by its header (a 2.8 MB file no export resembles) is answered 422 while the rest arrives, and nothing is kept', async () => {
    const files = await storedKeys(t.app);
    const res = await send(
      'conciliacao/importar?fluxo=energia',
      `UM;DOIS;TRES\r\n${'a;b;c\r\n'.repeat(400_000)}`,
    );
    expect(res.status).toBe(422);
    expect((await answer(res)).msg).toContain('Faltam as colunas');
    expect(await storedKeys(t.app)).toEqual(files);
  });

  it('a 3 MB file with a row over 1 MB is queued at once, and its run then fails naming the row', async () => {
    const content = `${HEADER}\r\nX;${'x'.repeat(1.5 * 1024 * 1024)}\r\n${manyRows(1.5 * 1024 * 1024)}`;
    const res = await send('conciliacao/importar?fluxo=energia', content);
    expect(res.status).toBe(200);
    const { id } = ((await res.json()) as { dados: { id: number } }).dados;
    await runQueue(t.app);
    expect(await listedRun(t.app, token, id)).toMatchObject({
      situacao: 'falhou',
      erro: 'A linha 2 passa de 1 MB: o arquivo não parece uma exportação da base.',
    });
  });

  it('a file over the import limit is answered 413 in Portuguese, nothing kept, nothing queued', async () => {
    const files = await storedKeys(t.app);
    const boundary = '----grande';
    const chunk = Buffer.from(`${GOOD}\r\n`.repeat(16_384));
    async function* body() {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename="base.csv"\r\n\r\n${HEADER}\r\n`,
      );
      for (let sent = 0; sent <= MAX_IMPORT_BYTES; sent += chunk.length) yield chunk;
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    }
    const res = await fetch(`${base}/conciliacao/importar?fluxo=energia`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(token) },
      body: ReadableStream.from(body()),
      duplex: 'half',
      signal: AbortSignal.timeout(60_000),
    } as RequestInit);
    expect(res.status).toBe(413);
    expect((await answer(res)).msg).toBe('O arquivo passa de 400 MB.');
    expect(await storedKeys(t.app)).toEqual(files);
    expect(await runQueue(t.app)).toEqual({ claimed: 0, failed: 0 });
  }, 90_000);

  it('a file sent in a part of another name is refused, not read', async () => {
    const res = await send('conciliacao/importar?fluxo=energia', `${HEADER}\r\n${GOOD}\r\n`, 'outro');
    expect(res.status).toBe(400);
    expect((await answer(res)).msg).toBe('Envie o arquivo da base na parte "arquivo".');
  });
});

describe('the name the upload gives its file', () => {
  it('is kept as text the base can hold: no control characters, at most 255 characters', async () => {
    const res = await upload(`${HEADER}\r\n${GOOD}\r\n`, `base\u0000\u0007${'ç'.repeat(400)}.csv`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dados.nome_arquivo).toBe(`base${'ç'.repeat(247)}.csv`);
  });
});
