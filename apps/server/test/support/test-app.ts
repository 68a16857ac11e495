import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { SessionUser } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { readConfig, type Config } from '../../src/config.ts';
import { DEMO_PASSWORD, DEMO_USERS } from '../../src/db/seed/demo-data.ts';
import type { MailMessage } from '../../src/mail/mailer.ts';
import { runDueTasks } from '../../src/jobs/queue.ts';
import { taskHandlers } from '../../src/jobs/tasks.ts';
import { validateTrafficAgainstOpenApi } from './openapi-traffic.ts';
import { adminQuery, databaseUrlBeside } from './postgres-admin.ts';

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
  await adminQuery(base, `create database ${name}${template ? ` template ${template}` : ''}`);
  return {
    url: databaseUrlBeside(base, name),
    drop: () => adminQuery(base, `drop database if exists ${name} with (force)`),
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
  // A second app on an existing database (overrides.databaseUrl): nothing to create or drop.
  const database = overrides.databaseUrl
    ? { url: overrides.databaseUrl, drop: async () => {} }
    : await freshDatabase(fromTemplate);
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
    // Suites export the same list dozens of times; the limit's own test sets its own.
    exportLimit: { perUser: 10_000, windowMs: 60_000 },
    ...overrides,
  };
  const mails: MailMessage[] = [];
  const pgliteSnapshot =
    fromTemplate && !config.databaseUrl ? new Blob([await readFile(inject('pgliteTemplate'))]) : undefined;
  const app = await buildApp(config, {
    mailer: { send: async (m) => void mails.push(m) },
    pgliteSnapshot,
    // An answer with a status its call does not declare fails the test (http/route.ts).
    checkAnswers: true,
  });
  validateTrafficAgainstOpenApi(app);
  try {
    beforeReady?.(app);
    await app.ready();
  } catch (err) {
    // An app that refuses to start (a route without its access rule) leaves no database behind.
    await app.close().catch(() => undefined);
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
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

async function signIn(app: FastifyInstance, email: string, password: string) {
  const res = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
  return res.json() as { token: string; user: SessionUser };
}

export async function login(app: FastifyInstance, email: string, password = DEMO_PASSWORD): Promise<string> {
  return (await signIn(app, email, password)).token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * One demo user per group and profile, by the name before @demo.portal ('admin', 'celula', …
 * 'consulta'), in the seed's order: a second user of the same role (novo, a requester's colleague)
 * is left out, as it sees what its role sees.
 */
export const DEMO_NAMES = DEMO_USERS.filter(
  (u, i) => DEMO_USERS.findIndex((o) => o.grupo === u.grupo && o.perfil === u.perfil) === i,
).map((u) => u.email.replace('@demo.portal', ''));

/** A 4xx (never 2xx, never 5xx): what a hostile call must get. */
export const is4xx = (code: number) => code >= 400 && code < 500;

/** A session token for each demo user named (every one by default), keyed by that name. */
export async function loginDemo(app: FastifyInstance, names: readonly string[] = DEMO_NAMES) {
  const tokens: Record<string, string> = {};
  for (const name of names) tokens[name] = await login(app, `${name}@demo.portal`);
  return tokens;
}

/** The session user a sign-in answers (what the server's policies are given), for tests that call repos directly. */
export async function sessionUser(app: FastifyInstance, email: string): Promise<SessionUser> {
  return (await signIn(app, email, DEMO_PASSWORD)).user;
}

/**
 * Runs the due tasks of the queue once, as a started server's worker does every QUEUE_POLL_MS:
 * every e-mail leaves through the queue, so a test reads `mails` after this.
 */
export const runQueue = (app: FastifyInstance) => runDueTasks(app.db, taskHandlers(app), app.log);
