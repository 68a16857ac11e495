import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { readConfig } from '../../src/config.ts';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.ts';
import { DEMO_PASSWORD } from '../../src/db/seed/demo-data.ts';
import { seedDemoData, seedReferenceData } from '../../src/db/seed/seed.ts';
import { startS3Emulator, type S3Emulator } from '../storage/s3-emulator.ts';
import { startServerProcess, type RunningServer } from './server-process.ts';
import { freshDatabase } from './test-app.ts';

export interface Instance extends RunningServer {
  name: string;
}

export interface TwoServers {
  a: Instance;
  b: Instance;
  /** The test's own connection to the servers' database. */
  handle: DatabaseHandle;
  /** The servers' database URL. */
  databaseUrl: string;
  close(): Promise<void>;
}

/**
 * Two real server processes (`src/main.ts`, as `npm start` runs it) on one new PostgreSQL database
 * (TEST_DATABASE_URL's server) and one bucket, each with its own DATA_DIR: nothing on one machine's
 * disk may be what the other reads. The demo users are the test's own: from the environment, a
 * server never seeds them on PostgreSQL.
 */
export async function startTwoServers(env: NodeJS.ProcessEnv = {}): Promise<TwoServers> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-duas-'));
  const database = await freshDatabase();
  const handle = await openDatabase({ ...readConfig({}), databaseUrl: database.url }, { warn: () => {} });
  await seedReferenceData(handle.db);
  await seedDemoData(handle.db);
  const emulator: S3Emulator = await startS3Emulator();
  const { config: s3 } = emulator;
  const shared = {
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.url,
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: s3.region,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    SHUTDOWN_DRAIN_MS: '0',
    ...env,
  };
  const start = async (name: string) => ({
    name,
    ...(await startServerProcess({ ...shared, DATA_DIR: path.join(dir, name) }, '/api/ready')),
  });
  const [a, b] = await Promise.all([start('A'), start('B')]);
  return {
    a,
    b,
    handle,
    databaseUrl: database.url!,
    async close() {
      for (const instance of [a, b]) {
        if (instance.child.exitCode !== null) continue;
        instance.child.kill('SIGTERM');
        await instance.exited;
      }
      await handle.close();
      await emulator.close();
      await database.drop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export const post = (instance: Instance, url: string, body: unknown, token?: string) =>
  fetch(`${instance.base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

export async function signIn(instance: Instance, email: string): Promise<string> {
  const res = await post(instance, '/api/login', { email, password: DEMO_PASSWORD });
  expect(res.status, `${email} on ${instance.name}`).toBe(200);
  return ((await res.json()) as { token: string }).token;
}
