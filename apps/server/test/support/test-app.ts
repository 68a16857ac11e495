import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { readConfig, type Config } from '../../src/config.ts';
import { DEMO_PASSWORD } from '../../src/db/seed/demo-data.ts';
import type { MailMessage } from '../../src/mail/mailer.ts';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  /** Messages the app "sent", newest last. */
  mails: MailMessage[];
  close(): Promise<void>;
}

/**
 * A fresh database for one test file: an in-memory PGlite by default, or, when
 * TEST_DATABASE_URL is set, a new PostgreSQL database created beside it and dropped afterwards.
 * `fromTemplate` copies the run's migrated and seeded template (database-template.ts) instead of
 * starting empty.
 */
export async function freshDatabase(
  fromTemplate = false,
): Promise<{ url: string | undefined; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return { url: undefined, drop: async () => {} };
  const name = `portal_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const template = fromTemplate && inject('postgresTemplate');
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * `beforeReady` may add routes (e.g. one that fails on purpose) before the app is sealed;
 * `reachDatabase` may send the app's connections another way (a proxy the test can cut).
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  beforeReady?: (app: FastifyInstance) => void,
  reachDatabase?: (url: URL) => URL,
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-test-'));
  // Every test app wanting the demo data in a new database starts from the run's seeded template.
  const fromTemplate = overrides.seedDemo !== false && overrides.inMemoryDatabase !== false;
  const database = await freshDatabase(fromTemplate);
  const config: Config = {
    ...readConfig({}),
    dataDir,
    databaseUrl:
      database.url && reachDatabase ? reachDatabase(new URL(database.url)).toString() : database.url,
    inMemoryDatabase: true,
    webDist: undefined,
    logLevel: 'silent',
    publicUrl: 'http://portal.test',
    // Every test database is new and the suite signs in as the demo users, on PGlite and on
    // PostgreSQL alike; from the environment, demo users never reach PostgreSQL (config.ts).
    seedDemo: true,
    // The contract tests read the OpenAPI description.
    apiDocs: true,
    ...overrides,
  };
  const mails: MailMessage[] = [];
  const pgliteSnapshot =
    fromTemplate && !config.databaseUrl ? new Blob([await readFile(inject('pgliteTemplate'))]) : undefined;
  const app = await buildApp(config, { mailer: { send: async (m) => void mails.push(m) }, pgliteSnapshot });
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    config,
    mails,
    async close() {
      await app.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function login(app: FastifyInstance, email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
  return res.json().token as string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
