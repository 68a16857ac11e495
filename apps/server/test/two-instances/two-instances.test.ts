import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STALE_VERSION } from '@portal/domain';
import { TOO_MANY_ATTEMPTS } from '../../src/auth/rate-limits.ts';
import { readConfig } from '../../src/config.ts';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.ts';
import { DEMO_PASSWORD } from '../../src/db/seed/demo-data.ts';
import { seedDemoData, seedReferenceData } from '../../src/db/seed/seed.ts';
import { startS3Emulator, type S3Emulator } from '../storage/s3-emulator.ts';
import { multipart, newUnitPayload, PDF, PNG } from '../support/requests.ts';
import { freshDatabase } from '../support/test-app.ts';

/**
 * Issue 16, "two instances, one truth": two real server processes (`src/main.ts`, as `npm start`
 * runs it) on one PostgreSQL and one bucket, and one user's calls alternating between them.
 */
const root = fileURLToPath(new URL('../../../..', import.meta.url));
const postgres = process.env.TEST_DATABASE_URL;
/** Failed sign-ins one client address may make, counted over both instances. */
const PER_IP = 4;

const freePort = async (): Promise<number> => {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
};

interface Instance {
  name: string;
  base: string;
  process: ChildProcess;
  output: () => string;
}

async function startInstance(name: string, env: NodeJS.ProcessEnv): Promise<Instance> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  let last = 'no answer';
  for (const end = Date.now() + 120_000; Date.now() < end; await new Promise((r) => setTimeout(r, 250))) {
    if (child.exitCode !== null) throw new Error(`instance ${name} exited: ${output}`);
    const ready = await fetch(`${base}/api/ready`).catch(() => undefined);
    if (ready?.status === 200) return { name, base, process: child, output: () => output };
    if (ready) last = `${ready.status} ${await ready.text()}`;
  }
  child.kill('SIGKILL');
  throw new Error(`instance ${name} never became ready (${last}): ${output}`);
}

const post = (instance: Instance, url: string, body: unknown, token?: string) =>
  fetch(`${instance.base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

async function signIn(instance: Instance, email: string): Promise<string> {
  const res = await post(instance, '/api/login', { email, password: DEMO_PASSWORD });
  expect(res.status, `${email} on ${instance.name}`).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

describe.skipIf(!postgres)(
  `two server processes on one PostgreSQL and one bucket${postgres ? '' : ' (skipped: needs TEST_DATABASE_URL, the PostgreSQL both share)'}`,
  () => {
    let dir: string;
    let database: Awaited<ReturnType<typeof freshDatabase>>;
    let handle: DatabaseHandle;
    let emulator: S3Emulator;
    let a: Instance;
    let b: Instance;
    let requester: string;
    let id: number;
    const documents = [
      {
        field: 'fatura',
        filename: 'fatura.pdf',
        contentType: 'application/pdf',
        data: Buffer.concat([PDF, Buffer.from('instância B')]),
      },
      { field: 'comprovante_pagamento', filename: 'comprovante.png', contentType: 'image/png', data: PNG },
      { field: 'autorizacao', filename: 'autorização.pdf', contentType: 'application/pdf', data: PDF },
    ];

    beforeAll(async () => {
      dir = await mkdtemp(path.join(os.tmpdir(), 'portal-duas-'));
      database = await freshDatabase();
      // The demo users are the test's own: from the environment, a server never seeds them on PostgreSQL.
      handle = await openDatabase({ ...readConfig({}), databaseUrl: database.url }, { warn: () => {} });
      await seedReferenceData(handle.db);
      await seedDemoData(handle.db);
      emulator = await startS3Emulator();
      const { config: s3 } = emulator;
      const env = {
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        WEB_DIST: '',
        DATABASE_URL: database.url,
        S3_BUCKET: s3.bucket,
        S3_ENDPOINT: s3.endpoint,
        S3_REGION: s3.region,
        S3_ACCESS_KEY_ID: s3.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
        S3_FORCE_PATH_STYLE: 'true',
        RATE_LIMIT_PER_IP: String(PER_IP),
        RATE_LIMIT_PER_ADDRESS: '100',
        SHUTDOWN_DRAIN_MS: '0',
      };
      // Each its own DATA_DIR: nothing on one machine's disk may be what the other reads.
      [a, b] = await Promise.all([
        startInstance('A', { ...env, DATA_DIR: path.join(dir, 'a') }),
        startInstance('B', { ...env, DATA_DIR: path.join(dir, 'b') }),
      ]);
    }, 150_000);

    afterAll(async () => {
      for (const instance of [a, b]) {
        if (!instance || instance.process.exitCode !== null) continue;
        instance.process.kill('SIGTERM');
        await once(instance.process, 'exit');
      }
      await handle?.close();
      await emulator?.close();
      await database?.drop();
      await rm(dir, { recursive: true, force: true });
    }, 60_000);

    it('a session opened on A saves a request with attachments on B', async () => {
      requester = await signIn(a, 'solicitante@demo.portal');
      // newUnitPayload reads the concessionaire's id through `.db`: the test's own connection.
      const body = multipart(
        await newUnitPayload({ db: handle.db } as unknown as FastifyInstance),
        documents,
      );
      const res = await fetch(`${b.base}/api/unidades/add`, {
        method: 'POST',
        headers: { ...body.headers, authorization: `Bearer ${requester}` },
        body: body.payload,
      });
      expect(res.status, await res.clone().text()).toBe(200);
      id = ((await res.json()) as { dados: { id: number } }).dados.id;
    });

    it('A serves every file B stored, byte-identical, under its sniffed type', async () => {
      const read = await post(a, '/api/unidades/list', { id }, requester);
      expect(read.status).toBe(200);
      const record = ((await read.json()) as { dados: Record<string, unknown> }).dados;
      for (const document of documents) {
        const url = record[document.field];
        expect(url, document.field).toMatch(/^\/api\/arquivos\/\d+$/);
        const file = await fetch(`${a.base}${url as string}`, {
          headers: { authorization: `Bearer ${requester}` },
        });
        expect(file.status).toBe(200);
        expect(file.headers.get('content-type')).toBe(document.contentType);
        expect(Buffer.from(await file.arrayBuffer()).equals(document.data)).toBe(true);
      }
    });

    it('an edit naming a version the other instance already moved past is refused, on either', async () => {
      const regional = await signIn(b, 'regional@demo.portal');
      const cell = await signIn(a, 'celula@demo.portal');
      expect((await post(a, '/api/unidades/edit', { id, version: 1, status: 2 }, regional)).status).toBe(200);
      const staleOnB = await post(b, '/api/unidades/edit', { id, version: 1, status: 4 }, cell);
      expect(staleOnB.status).toBe(409);
      expect(await staleOnB.json()).toMatchObject({ error: 1, msg: STALE_VERSION });
      expect((await post(b, '/api/unidades/edit', { id, version: 2, status: 4 }, cell)).status).toBe(200);
      const staleOnA = await post(a, '/api/unidades/edit', { id, version: 2, status: 4 }, cell);
      expect(staleOnA.status).toBe(409);
      expect(await staleOnA.json()).toMatchObject({ error: 1, msg: STALE_VERSION });
    });

    it('failed sign-ins are counted across both: half on A and half on B exhaust the address on both', async () => {
      for (const instance of [a, b, a, b].slice(0, PER_IP)) {
        const res = await post(instance, '/api/login', {
          email: 'solicitante@demo.portal',
          password: 'errada-123',
        });
        expect(res.status, instance.name).toBe(401);
      }
      for (const instance of [a, b]) {
        // Even the right password: this address has no attempts left on any instance.
        const res = await post(instance, '/api/login', {
          email: 'solicitante@demo.portal',
          password: DEMO_PASSWORD,
        });
        expect(res.status, instance.name).toBe(429);
        expect(((await res.json()) as { msg: string }).msg).toBe(TOO_MANY_ATTEMPTS);
      }
    });
  },
);
