import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Config } from '../../src/config.ts';
import { tentativas } from '../../src/db/schema.ts';
import { DEMO_PASSWORD } from '../../src/db/seed/demo-data.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

export const onPostgres = !!process.env.TEST_DATABASE_URL;

/**
 * Two instances of the server on one database: on PostgreSQL, a second app opened on the first
 * one's database, as a second process behind the load balancer would be. PGlite is an embedded
 * database one process opens alone, so there is no second instance to share with: both handles are
 * the same app, and the tests still prove the counters live in the database, not in the limiter.
 */
export async function twoApps(
  overrides: Partial<Config>,
): Promise<{ a: TestApp; b: TestApp; close(): Promise<void> }> {
  const a = await createTestApp(overrides);
  const b = onPostgres
    ? await createTestApp({ ...overrides, databaseUrl: a.config.databaseUrl, seedDemo: false })
    : a;
  return {
    a,
    b,
    async close() {
      if (b !== a) await b.close();
      await a.close();
    },
  };
}

export const signIn = (app: FastifyInstance, email: string, ip: string, password = 'errada-123') =>
  app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress: ip });

export const signInRight = (app: FastifyInstance, email: string, ip: string) =>
  signIn(app, email, ip, DEMO_PASSWORD);

/** Every counter row, as the operator's SELECT would show it. */
export const counterRows = (app: FastifyInstance) =>
  app.db.select().from(tentativas).orderBy(tentativas.escopo, tentativas.chave);

export const expiredRows = async (app: FastifyInstance, now: number) =>
  (
    await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(tentativas)
      .where(sql`${tentativas.expiraEm} < ${new Date(now).toISOString()}::timestamptz`)
  )[0]!.n;
