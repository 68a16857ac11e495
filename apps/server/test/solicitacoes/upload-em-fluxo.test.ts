import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anexos, solicitacoes } from '../../src/db/schema.ts';
import { bearer, createTestApp, login, type TestApp } from '../support/test-app.ts';
import { multipart, newUnitPayload, PDF, PNG, readRequest } from '../support/requests.ts';

/**
 * Issue 9, hole 8: files are streamed to storage as the body arrives, within the 15,000,000-byte
 * limit, and whatever was written is removed when the save does not happen, however it fails.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['solicitante', 'consulta']) tokens[who] = await login(t.app, `${who}@demo.portal`);
});
afterAll(() => t.close());

const count = async (table: typeof solicitacoes | typeof anexos) =>
  (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

/** Every entry under DATA_DIR/uploads: files, incomplete uploads and shard directories alike. */
const storageEntries = async () =>
  (await readdir(path.join(t.config.dataDir, 'uploads'), { recursive: true }).catch(() => [])).sort();

const documents = (fatura: Buffer) => [
  { field: 'fatura', filename: 'fatura.pdf', contentType: 'application/pdf', data: fatura },
  { field: 'comprovante_pagamento', filename: 'comprovante.png', contentType: 'image/png', data: PNG },
  { field: 'autorizacao', filename: 'autorizacao.pdf', contentType: 'application/pdf', data: PDF },
];

const pdfOf = (bytes: number) => Buffer.concat([PDF, Buffer.alloc(bytes - PDF.length)]);

const add = async (who: string, dados: Record<string, unknown>, files: ReturnType<typeof documents>) => {
  const body = multipart(dados, files);
  return t.app.inject({
    method: 'POST',
    url: '/api/unidades/add',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(tokens[who]!) },
  });
};

describe('uploads stream to storage within their limit', () => {
  it("a file over 15,000,000 bytes → 413 'Tamanho Inválido', no file (not even a partial) and no row", async () => {
    const [requests, attachments, entries] = [
      await count(solicitacoes),
      await count(anexos),
      await storageEntries(),
    ];
    // The oversized file comes second: the one before it was already written and must go too.
    const files = documents(PDF);
    files[1] = {
      field: 'comprovante_pagamento',
      filename: 'comprovante.pdf',
      contentType: 'application/pdf',
      data: pdfOf(15_000_001),
    };
    const res = await add('solicitante', await newUnitPayload(t.app), files);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 1, msg: 'Tamanho Inválido', campo: 'comprovante_pagamento' });
    expect(await storageEntries()).toEqual(entries);
    expect(await count(solicitacoes)).toBe(requests);
    expect(await count(anexos)).toBe(attachments);
  });

  it('a file of exactly 15,000,000 bytes is accepted and stored whole', async () => {
    const res = await add('solicitante', await newUnitPayload(t.app), documents(pdfOf(15_000_000)));
    expect(res.statusCode, res.body).toBe(200);
    const record = await readRequest(t.app, tokens.solicitante!, 'unidades', res.json().dados.id);
    expect(
      (record.anexos as { tipo: string; tamanho: number }[]).find((a) => a.tipo === 'fatura')?.tamanho,
    ).toBe(15_000_000);
  });

  it('a refusal inside the transaction (the unit is already in the workflow) removes the files it streamed', async () => {
    const first = await newUnitPayload(t.app);
    expect((await add('solicitante', first, documents(PDF))).statusCode).toBe(200);
    const [requests, entries] = [await count(solicitacoes), await storageEntries()];
    const res = await add(
      'solicitante',
      await newUnitPayload(t.app, { unidade: first.unidade }),
      documents(PDF),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().campo).toBe('unidade');
    expect(await storageEntries()).toEqual(entries);
    expect(await count(solicitacoes)).toBe(requests);
  });

  it('a caller who may not create is refused before any byte of the body is stored', async () => {
    const entries = await storageEntries();
    const res = await add('consulta', await newUnitPayload(t.app), documents(pdfOf(5_000_000)));
    expect(res.statusCode).toBe(403);
    expect(await storageEntries()).toEqual(entries);
  });
});
