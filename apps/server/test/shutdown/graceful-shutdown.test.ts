import { request as httpRequest } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/config.ts';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.ts';
import { anexos, solicitacoes } from '../../src/db/schema.ts';
import { seedDemoData, seedReferenceData } from '../../src/db/seed/seed.ts';
import { DEMO_PASSWORD } from '../../src/db/seed/demo-data.ts';
import { SHUTTING_DOWN } from '../../src/startup/graceful-shutdown.ts';
import { multipart, newUnitPayload, PDF, PNG } from '../support/requests.ts';
import { freshDatabase } from '../support/test-app.ts';
import { startServerProcess, type RunningServer } from '../support/server-process.ts';

/**
 * The real server process (src/main.ts) on PostgreSQL when TEST_DATABASE_URL is set, else on
 * PGlite in a temporary DATA_DIR; the test prepares and later reads the same database.
 */
let dataDir: string;
let database: Awaited<ReturnType<typeof freshDatabase>>;
const open = (): Promise<DatabaseHandle> =>
  openDatabase({ ...readConfig({}), dataDir, databaseUrl: database.url }, { warn: () => {} });
/** A complete new-unit payload; each save gets its own unit and address. */
let payload: Record<string, unknown>;
let serial = 0;
const unique = () => {
  serial++;
  return {
    ...payload,
    endereco_id: `SD${process.pid % 1000}${serial}`.slice(0, 12),
    unidade: `SD${Date.now() % 1e8}${serial}`,
  };
};

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-shutdown-'));
  database = await freshDatabase();
  const handle = await open();
  await seedReferenceData(handle.db);
  await seedDemoData(handle.db);
  payload = await newUnitPayload({ db: handle.db } as unknown as FastifyInstance);
  await handle.close();
});
afterAll(async () => {
  await database?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

const serverEnv = (extra: NodeJS.ProcessEnv = {}) => ({
  DATA_DIR: dataDir,
  ...(database.url && { DATABASE_URL: database.url }),
  SEED_DEMO: '0',
  LOG_LEVEL: 'error',
  ...extra,
});

async function signIn(server: RunningServer): Promise<string> {
  const res = await fetch(`${server.base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'solicitante@demo.portal', password: DEMO_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

interface Answer {
  status: number;
  body: string;
}

/**
 * A multipart save whose body is sent in two halves `pause` ms apart, as a slow upload; resolves
 * with the full answer, rejects if the connection is cut.
 */
function slowUpload(
  server: RunningServer,
  token: string,
  dados: unknown,
  pause: Promise<void>,
): Promise<Answer> {
  const big = Buffer.concat([PDF, Buffer.alloc(300_000, 0x20)]);
  const body = multipart(dados, [
    { field: 'fatura', filename: 'fatura.pdf', contentType: 'application/pdf', data: big },
    { field: 'comprovante_pagamento', filename: 'comprovante.png', contentType: 'image/png', data: PNG },
    { field: 'autorizacao', filename: 'autorizacao.pdf', contentType: 'application/pdf', data: PDF },
  ]);
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${server.base}/api/unidades/add`, {
      method: 'POST',
      headers: { ...body.headers, 'content-length': body.payload.length, authorization: `Bearer ${token}` },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body: text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    const half = Math.floor(body.payload.length / 2);
    req.write(body.payload.subarray(0, half));
    void pause.then(() => req.end(body.payload.subarray(half)));
  });
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

describe('graceful shutdown on SIGTERM (issue 16)', () => {
  it('every acknowledged save is stored, every request gets a full answer (2xx or 503), and an upload in flight completes', async () => {
    const server = await startServerProcess(serverEnv({ SHUTDOWN_DRAIN_MS: '1000' }));
    try {
      const token = await signIn(server);
      const acknowledged: string[] = [];
      const refused: Answer[] = [];
      const cut: unknown[] = [];
      let stop = false;

      // Four clients saving one request after another until the server tells them it is closing.
      const client = async () => {
        while (!stop) {
          const dados = unique();
          try {
            const res = await fetch(`${server.base}/api/novas-unidades/add`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
              body: JSON.stringify(dados),
            });
            const answer = { status: res.status, body: await res.text() };
            if (res.ok) acknowledged.push(dados.unidade);
            else if (res.status === 503) return refused.push(answer);
            else throw new Error(`unexpected answer ${answer.status} ${answer.body}`);
          } catch (err) {
            return cut.push(err);
          }
        }
      };
      const clients = Array.from({ length: 4 }, client);

      while (acknowledged.length < 8 && cut.length === 0 && refused.length === 0) await sleep(20);
      let release!: () => void;
      const upload = slowUpload(server, token, unique(), new Promise((r) => (release = r)));
      // Time for its headers to pass the gate on a loaded machine: it is in flight at the signal.
      await sleep(1_500);
      server.child.kill('SIGTERM');
      // The rest of the upload arrives after the drain, once the server stopped listening.
      await sleep(2_000);
      release();

      const uploaded = await upload;
      await Promise.all(clients);
      stop = true;
      expect(await server.exited).toBe(0);

      expect(cut).toEqual([]);
      expect(uploaded.status, uploaded.body).toBe(200);
      expect(refused).toHaveLength(4);
      for (const answer of refused) expect(JSON.parse(answer.body)).toEqual({ error: 1, msg: SHUTTING_DOWN });

      const handle = await open();
      try {
        const stored = await handle.db
          .select({ unidade: solicitacoes.unidade })
          .from(solicitacoes)
          .where(inArray(solicitacoes.unidade, acknowledged));
        expect(stored.map((row) => row.unidade).sort()).toEqual([...acknowledged].sort());
        const uploadedId = (JSON.parse(uploaded.body) as { dados: { id: number } }).dados.id;
        const files = await handle.db
          .select({ tipo: anexos.tipo })
          .from(anexos)
          .where(inArray(anexos.idSolicitacao, [uploadedId]));
        expect(files.map((f) => f.tipo).sort()).toEqual(['autorizacao', 'comprovante_pagamento', 'fatura']);
      } finally {
        await handle.close();
      }
    } finally {
      server.child.kill('SIGKILL');
    }
  }, 180_000);

  it('past SHUTDOWN_TIMEOUT_MS a request that never finishes does not hold the process: it exits non-zero and says so', async () => {
    const server = await startServerProcess(
      serverEnv({ SHUTDOWN_DRAIN_MS: '0', SHUTDOWN_TIMEOUT_MS: '2000' }),
    );
    try {
      const token = await signIn(server);
      // An upload whose second half never comes.
      const stalled = slowUpload(server, token, unique(), new Promise(() => {})).catch(() => undefined);
      await sleep(300);
      const sentAt = Date.now();
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(1);
      expect(Date.now() - sentAt).toBeLessThan(10_000);
      expect(server.output()).toContain('encerramento passou de 2 s');
      await stalled;
    } finally {
      server.child.kill('SIGKILL');
    }
  }, 120_000);
});
