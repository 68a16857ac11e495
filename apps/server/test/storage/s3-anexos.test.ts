import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anexos, solicitacoes } from '../../src/db/schema.ts';
import { STORAGE_UNAVAILABLE } from '../../src/http/error-handler.ts';
import { ORPHAN_GRACE_MS, sweepOrphanAttachments } from '../../src/jobs/sweep-orphan-attachments.ts';
import type { FileStorage } from '../../src/storage/file-storage.ts';
import { s3Storage } from '../../src/storage/s3-storage.ts';
import { bearer, createTestApp, login, type TestApp } from '../support/test-app.ts';
import { call, multipart, newUnitPayload, PDF, PNG, readRequest } from '../support/requests.ts';
import { startS3Emulator, type S3Emulator } from './s3-emulator.ts';

/** Issue 16: attachments in an S3-compatible bucket, and what a save or a delete does when it fails. */

/** Over one 5 MB part, so the bucket receives it as a multipart upload. */
const LARGE_PDF = Buffer.concat([PDF, Buffer.alloc(6 * 1024 * 1024, 0x20)]);
const documents = [
  { field: 'fatura', filename: 'Fatura de março.pdf', contentType: 'application/pdf', data: LARGE_PDF },
  // Declared as something else: the download's type comes from the content the server checked.
  { field: 'comprovante_pagamento', filename: 'comprovante.png', contentType: 'text/html', data: PNG },
  { field: 'autorizacao', filename: 'autorizacao.pdf', contentType: 'application/pdf', data: PDF },
];

let emulator: S3Emulator;
let t: TestApp;
let requester: string;
/** The bucket seen directly, not through the app. */
let bucket: FileStorage;

beforeAll(async () => {
  emulator = await startS3Emulator('portal-anexos', 'anexos/');
  t = await createTestApp({ s3: emulator.config, orphanSweepIntervalMs: 0 });
  requester = await login(t.app, 'solicitante@demo.portal');
  bucket = s3Storage(emulator.config);
});
afterAll(async () => {
  await t.close();
  await emulator.close();
});

const objects = async () => {
  const keys: string[] = [];
  for await (const entry of bucket.entries()) keys.push(entry.key);
  return keys.sort();
};
const count = async (table: typeof solicitacoes | typeof anexos) =>
  (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
const saveNew = async () => {
  const body = multipart(await newUnitPayload(t.app), documents);
  return t.app.inject({
    method: 'POST',
    url: '/api/unidades/add',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(requester) },
  });
};
const download = (url: unknown) =>
  t.app.inject({ method: 'GET', url: url as string, headers: bearer(requester) });

describe('attachments on S3-compatible storage (S3_BUCKET set)', () => {
  let id: number;

  it('a save streams its files to the bucket; each downloads byte-identical with its checked type and original name', async () => {
    const before = await objects();
    const res = await saveNew();
    expect(res.statusCode, res.body).toBe(200);
    id = res.json().dados.id;
    const rows = await t.app.db.select().from(anexos).where(eq(anexos.idSolicitacao, id));
    expect(rows).toHaveLength(3);
    expect(await objects()).toEqual([...before, ...rows.map((r) => r.storageKey)].sort());

    const record = await readRequest(t.app, requester, 'unidades', id);
    const fatura = await download(record.fatura);
    expect(fatura.statusCode).toBe(200);
    expect(fatura.headers['content-type']).toBe('application/pdf');
    expect(fatura.headers['content-disposition']).toBe(
      `inline; filename="Fatura de marco.pdf"; filename*=UTF-8''Fatura%20de%20mar%C3%A7o.pdf`,
    );
    expect(fatura.rawPayload.equals(LARGE_PDF)).toBe(true);
    const comprovante = await download(record.comprovante_pagamento);
    expect(comprovante.headers['content-type']).toBe('image/png');
    expect(comprovante.rawPayload.equals(PNG)).toBe(true);
  });

  it('deleting an attachment removes its row and its object', async () => {
    const [row] = await t.app.db
      .select()
      .from(anexos)
      .where(and(eq(anexos.idSolicitacao, id), eq(anexos.tipo, 'autorizacao')));
    const res = await call(t.app, requester, '/api/unidades/apagar-arquivos', { id, tipo: 'autorizacao' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await readRequest(t.app, requester, 'unidades', id)).autorizacao).toBeNull();
    expect(await objects()).not.toContain(row!.storageKey);
  });

  describe('with the object store unreachable', () => {
    beforeAll(() => emulator.stop());
    afterAll(() => emulator.start());

    it(`a new request with files answers 503 '${STORAGE_UNAVAILABLE}' and writes no request row and no attachment row`, async () => {
      const [requestsBefore, filesBefore] = [await count(solicitacoes), await count(anexos)];
      const res = await saveNew();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: 1, msg: STORAGE_UNAVAILABLE });
      expect([await count(solicitacoes), await count(anexos)]).toEqual([requestsBefore, filesBefore]);
    });

    it('an edit that sends a file is refused the same way and leaves the record at its version', async () => {
      const before = await readRequest(t.app, requester, 'unidades', id);
      const body = multipart({ id, version: before.version, numero_medidor: 'MED999' }, [documents[2]!]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/unidades/edit',
        payload: body.payload,
        headers: { ...body.headers, ...bearer(requester) },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: 1, msg: STORAGE_UNAVAILABLE });
      const after = await readRequest(t.app, requester, 'unidades', id);
      expect({
        version: after.version,
        medidor: after.numero_medidor,
        autorizacao: after.autorizacao,
      }).toEqual({
        version: before.version,
        medidor: before.numero_medidor,
        autorizacao: null,
      });
    });

    it('a download answers the same 503, never a broken file', async () => {
      const record = await readRequest(t.app, requester, 'unidades', id);
      const res = await download(record.fatura);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: 1, msg: STORAGE_UNAVAILABLE });
    });
  });

  it('a save to a bucket that does not exist answers 503 and writes no row', async () => {
    const configured = t.app.storage;
    // As if the operator's bucket were deleted under the running server.
    t.app.storage = s3Storage({ ...emulator.config, bucket: 'bucket-apagado' });
    try {
      const [requestsBefore, filesBefore] = [await count(solicitacoes), await count(anexos)];
      const res = await saveNew();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: 1, msg: STORAGE_UNAVAILABLE });
      expect([await count(solicitacoes), await count(anexos)]).toEqual([requestsBefore, filesBefore]);
    } finally {
      t.app.storage = configured;
    }
  });

  it('a delete whose object removal fails still drops the row; the object is swept once the store is back', async () => {
    const [row] = await t.app.db
      .select()
      .from(anexos)
      .where(and(eq(anexos.idSolicitacao, id), eq(anexos.tipo, 'comprovante_pagamento')));
    await emulator.stop();
    const res = await call(t.app, requester, '/api/unidades/apagar-arquivos', {
      id,
      tipo: 'comprovante_pagamento',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await readRequest(t.app, requester, 'unidades', id)).comprovante_pagamento).toBeNull();
    expect(await t.app.db.select().from(anexos).where(eq(anexos.storageKey, row!.storageKey))).toEqual([]);

    const afterGrace = new Date(Date.now() + ORPHAN_GRACE_MS + 60_000);
    // A sweep while the store is still away fails as a whole; the next one retries.
    await expect(sweepOrphanAttachments(t.app.db, t.app.storage, afterGrace)).rejects.toThrow();
    await emulator.start();
    expect(await objects()).toContain(row!.storageKey);
    expect(await sweepOrphanAttachments(t.app.db, t.app.storage, afterGrace)).toBe(1);
    expect(await objects()).not.toContain(row!.storageKey);
    const record = await readRequest(t.app, requester, 'unidades', id);
    expect((await download(record.fatura)).rawPayload.equals(LARGE_PDF)).toBe(true);
  });
});
