import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/config.ts';
import { usuarios } from '../../src/db/schema.ts';
import { createTestApp, login, type TestApp } from '../support/test-app.ts';
import { onPostgres } from '../shared-state/support.ts';
import { call } from '../support/requests.ts';
import { validate } from './support.ts';

/** B answers the session once, as it would before the change. */
const answered = async (app: TestApp['app'], token: string) =>
  expect((await validate(app, token)).statusCode).toBe(200);

/**
 * Hostile review of the session cache (issue 12), two instances on one PostgreSQL: B has just
 * answered a session; A ends or changes it. With the cache on, B hears of it only when the
 * database's notice arrives — after A has answered, and never while B's listening connection is
 * silently cut — so on PostgreSQL the cache is off unless SESSION_CACHE turns it on
 * (docs/decisions/sign-in-and-sessions.md, D-AUTH-033), and B must refuse at its very next call.
 */
const postgresDefault = readConfig({ DATABASE_URL: 'postgres://portal@db/portal' }).sessionCache;

describe('the session cache by default', () => {
  it('is off with PostgreSQL (several instances) and on with the embedded PGlite (one process)', () => {
    expect(postgresDefault).toBe(false);
    expect(readConfig({}).sessionCache).toBe(true);
    expect(readConfig({ DATABASE_URL: 'postgres://portal@db/portal', SESSION_CACHE: '1' }).sessionCache).toBe(
      true,
    );
    expect(readConfig({ SESSION_CACHE: 'false' }).sessionCache).toBe(false);
  });
});

describe.skipIf(!onPostgres)(
  'two instances on one PostgreSQL, as configured by default (needs TEST_DATABASE_URL)',
  () => {
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      a = await createTestApp({ sessionCache: postgresDefault });
      b = await createTestApp({
        databaseUrl: a.config.databaseUrl,
        seedDemo: false,
        sessionCache: postgresDefault,
      });
    });
    afterAll(async () => {
      await b.close();
      await a.close();
    });

    it("a logout answered by A: the token is 401 at B's very next call", async () => {
      let stale = 0;
      for (let i = 0; i < 10; i++) {
        const token = await login(a.app, 'regional@demo.portal');
        await answered(b.app, token);
        expect((await call(a.app, token, '/api/logout', {})).statusCode).toBe(200);
        if ((await validate(b.app, token)).statusCode === 200) stale++;
      }
      expect(stale, "B's calls answered 200 after A's logout had answered").toBe(0);
    });

    it("a user deactivated through A: 401 at B's very next call", async () => {
      const token = await login(b.app, 'consulta@demo.portal');
      await answered(b.app, token);
      await a.app.db.update(usuarios).set({ ativo: false }).where(eq(usuarios.email, 'consulta@demo.portal'));
      try {
        expect((await validate(b.app, token)).statusCode).toBe(401);
      } finally {
        await a.app.db
          .update(usuarios)
          .set({ ativo: true })
          .where(eq(usuarios.email, 'consulta@demo.portal'));
      }
    });
  },
);
