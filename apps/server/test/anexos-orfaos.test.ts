import { randomUUID } from 'node:crypto';
import { access, mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline, Transform, type Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anexos,
  exportacoes,
  importacoesBase,
  regularizacaoAnexos,
  regularizacoes,
  solicitacoes,
  usuarios,
} from '../src/db/schema.ts';
import { STORED_FILE_MISSING } from '../src/http/error-handler.ts';
import { ORPHAN_GRACE_MS } from '../src/jobs/sweep-orphan-attachments.ts';
import type { FileStorage } from '../src/storage/file-storage.ts';
import { bearer, createTestApp, login, type TestApp } from './support/test-app.ts';
import { multipart, newUnitPayload, PDF, PNG, readRequest } from './support/requests.ts';

/** Issue 9, hole 12: storage holds no file without a row for long, and a full disk says so. */

const documents = [
  { field: 'fatura', filename: 'fatura.pdf', contentType: 'application/pdf', data: PDF },
  { field: 'comprovante_pagamento', filename: 'comprovante.png', contentType: 'image/png', data: PNG },
  { field: 'autorizacao', filename: 'autorizacao.pdf', contentType: 'application/pdf', data: PDF },
];

async function createWithDocuments(t: TestApp, token: string) {
  const body = multipart(await newUnitPayload(t.app), documents);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/unidades/add',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().dados.id as number;
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );
const until = async (condition: () => Promise<boolean>, ms = 5000) => {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 25))) {
    if (await condition()) return true;
  }
  return false;
};

describe('the periodic sweep of orphan attachment files', () => {
  let t: TestApp;
  let token: string;
  const uploads = () => path.join(t.config.dataDir, 'uploads');
  const aged = new Date(Date.now() - ORPHAN_GRACE_MS - 60_000);

  /** A file as the storage lays it out, optionally older than the grace period. */
  async function plant(kind: 'complete' | 'incomplete', old: boolean) {
    const key = randomUUID();
    const file =
      kind === 'complete' ? path.join(uploads(), key.slice(0, 2), key) : path.join(uploads(), `${key}.part`);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, PDF);
    if (old) await utimes(file, aged, aged);
    return file;
  }

  beforeAll(async () => {
    t = await createTestApp({ orphanSweepIntervalMs: 50 });
    token = await login(t.app, 'solicitante@demo.portal');
  });
  afterAll(() => t.close());

  it('removes old files without a row and old incomplete uploads; keeps attached and recent ones', async () => {
    const id = await createWithDocuments(t, token);
    const attached = (await t.app.db.select({ key: anexos.storageKey }).from(anexos)).map((r) =>
      path.join(uploads(), r.key.slice(0, 2), r.key),
    );
    for (const file of attached) await utimes(file, aged, aged);
    const oldOrphan = await plant('complete', true);
    const oldPartial = await plant('incomplete', true);
    const recentOrphan = await plant('complete', false);
    const recentPartial = await plant('incomplete', false);

    expect(await until(async () => !(await exists(oldOrphan)) && !(await exists(oldPartial)))).toBe(true);
    expect(await exists(recentOrphan)).toBe(true);
    expect(await exists(recentPartial)).toBe(true);
    for (const file of attached) expect(await exists(file)).toBe(true);
    const record = await readRequest(t.app, token, 'unidades', id);
    const download = await t.app.inject({
      method: 'GET',
      url: record.fatura as string,
      headers: bearer(token),
    });
    expect(download.statusCode).toBe(200);
  });

  it('keeps the old files every STORED_FILE_COLUMNS column points to: regularizations, an import’s upload and rejected rows, an export', async () => {
    // Planted recent, pointed at, and only then aged: a sweep in between must not see them unclaimed.
    const regularizationFile = await plant('complete', false);
    const rejectedRows = await plant('complete', false);
    const queuedUpload = await plant('complete', false);
    const exportFile = await plant('complete', false);
    const [regularization] = await t.app.db
      .insert(regularizacoes)
      .values({ fluxo: 'energia', unidade: 'ORFAO-1', tipoDivergencia: 1, status: 0 })
      .returning({ id: regularizacoes.id });
    await t.app.db.insert(regularizacaoAnexos).values({
      idRegularizacao: regularization!.id,
      tipo: 'resposta',
      nomeArquivo: 'resposta.pdf',
      storageKey: path.basename(regularizationFile),
      tamanho: PDF.length,
      mime: 'application/pdf',
    });
    await t.app.db.insert(importacoesBase).values({
      fluxo: 'energia',
      nomeArquivo: 'base.csv',
      situacao: 'aplicada',
      rejeitadasKey: path.basename(rejectedRows),
    });
    await t.app.db.insert(importacoesBase).values({
      fluxo: 'agua',
      nomeArquivo: 'base-na-fila.csv',
      situacao: 'na-fila',
      arquivoKey: path.basename(queuedUpload),
    });
    const [user] = await t.app.db.select({ id: usuarios.id }).from(usuarios).limit(1);
    await t.app.db.insert(exportacoes).values({
      idUsuario: user!.id,
      origem: 'novas-unidades/relatorio/exportar',
      formato: 'csv',
      filtros: {},
      situacao: 'pronta',
      arquivoKey: path.basename(exportFile),
    });
    const pointedAt = [regularizationFile, rejectedRows, queuedUpload, exportFile];
    for (const file of pointedAt) await utimes(file, aged, aged);
    const orphan = await plant('complete', true);

    expect(await until(async () => !(await exists(orphan)))).toBe(true);
    for (const file of pointedAt) expect(await exists(file)).toBe(true);
  });

  it("a file its row names but the storage lost answers 404 'O arquivo não foi encontrado no armazenamento…', never a 500", async () => {
    const id = await createWithDocuments(t, token);
    const record = await readRequest(t.app, token, 'unidades', id);
    const [attachment] = await t.app.db
      .select({ key: anexos.storageKey })
      .from(anexos)
      .where(eq(anexos.idSolicitacao, id));
    await t.app.storage.remove(attachment!.key);
    const downloads = await Promise.all(
      ['fatura', 'comprovante_pagamento', 'autorizacao'].map((field) =>
        t.app.inject({ method: 'GET', url: record[field] as string, headers: bearer(token) }),
      ),
    );
    const missing = downloads.filter((res) => res.statusCode !== 200);
    expect(missing).toHaveLength(1);
    expect(missing[0]!.statusCode).toBe(404);
    expect(missing[0]!.json().msg).toBe(STORED_FILE_MISSING);
  });

  it('stops when the app closes', async () => {
    await t.app.close();
    const orphan = await plant('complete', true);
    await new Promise((r) => setTimeout(r, 300));
    expect(await exists(orphan)).toBe(true);
  });
});

describe('a full disk while a file is written', () => {
  let t: TestApp;
  let token: string;

  /** The real storage, whose disk fills up after the first bytes of every file. */
  const fullDisk = (real: FileStorage): FileStorage => ({
    ...real,
    write: (source: Readable) => {
      let passed = 0;
      const disk = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          passed += chunk.length;
          if (passed <= 4) return done(null, chunk);
          done(
            Object.assign(new Error('ENOSPC: no space left on device, write'), {
              code: 'ENOSPC',
              errno: -28,
              syscall: 'write',
            }),
          );
        },
      });
      return real.write(pipeline(source, disk, () => {}));
    },
  });

  beforeAll(async () => {
    t = await createTestApp({}, (app) => {
      app.storage = fullDisk(app.storage);
    });
    token = await login(t.app, 'solicitante@demo.portal');
  });
  afterAll(() => t.close());

  it("answers 507 'Espaço em disco esgotado no servidor. Avise o administrador.', with no row and no partial file", async () => {
    const count = async () =>
      (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(solicitacoes))[0]!.n;
    const before = await count();
    const body = multipart(await newUnitPayload(t.app), documents);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/unidades/add',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(token) },
    });
    expect(res.statusCode).toBe(507);
    expect(res.json()).toEqual({
      error: 1,
      msg: 'Espaço em disco esgotado no servidor. Avise o administrador.',
    });
    expect(await count()).toBe(before);
    expect(
      await readdir(path.join(t.config.dataDir, 'uploads'), { recursive: true }).catch(() => []),
    ).toEqual([]);
  });
});
