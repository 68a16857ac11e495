import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP } from '@portal/domain';
import { ACCESS_LISTENER_NAME } from '../../src/db/access-changes.ts';
import { sessoes, usuarios } from '../../src/db/schema.ts';
import { tokenHash } from '../../src/auth/tokens.ts';
import { signedIn } from '../admin/support.ts';
import { onPostgres, twoApps } from '../shared-state/support.ts';
import { bearer, createTestApp, login, runQueue, type TestApp } from '../support/test-app.ts';

/**
 * Issue 12: each instance keeps its session reads (auth/session-cache.ts), and every change of
 * access still counts at the very next call — on this instance at once, on another one as soon as
 * the database's notice arrives.
 */
const until = async (what: string, ok: () => boolean | Promise<boolean>, ms = 5000) => {
  for (const end = Date.now() + ms; !(await ok()); await new Promise((r) => setTimeout(r, 20))) {
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
  }
};
const live = (app: FastifyInstance) =>
  until('the session cache is live', () => app.sessionCache.stats().live);
const validate = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: '/api/validate', headers: bearer(token) });

/** Two calls on `token`: the second is answered from the cache (the cache is in use before the change). */
async function warm(app: FastifyInstance, token: string) {
  expect((await validate(app, token)).statusCode).toBe(200);
  const hits = app.sessionCache.stats().hits;
  const res = await validate(app, token);
  expect(res.statusCode).toBe(200);
  expect(app.sessionCache.stats().hits, 'the second call was answered from the cache').toBe(hits + 1);
  return res.json().user as { regionais: number[]; permissoes: Record<string, boolean> };
}

describe('every change of access counts at the very next call, with the session cached', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  beforeAll(async () => {
    t = await createTestApp();
    await live(t.app);
    admin = await signedIn(t.app, 'admin@demo.portal');
  });
  afterAll(() => t.close());

  const userRow = async (q: string) => (await admin.post('/usuarios/list', { q })).body.dados[0];

  it('after logout the token is 401 at once', async () => {
    const token = await login(t.app, 'consulta@demo.portal');
    await warm(t.app, token);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: bearer(token),
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect((await validate(t.app, token)).statusCode).toBe(401);
  });

  it('a user deactivated by an administrator is 401 at the next call', async () => {
    const token = await login(t.app, 'property@demo.portal');
    await warm(t.app, token);
    const row = await userRow('property@demo');
    const res = await admin.post('/usuarios/edit', { ...row, id_status: 0, regionais: row.regionais });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The deactivation also ends the user's sessions (save-user.ts): either is a 401.
    expect((await validate(t.app, token)).statusCode).toBe(401);
    const back = await admin.post('/usuarios/edit', { ...(await userRow('property@demo')), id_status: 1 });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
  });

  it("a deactivated company's open session is 401 at the next call", async () => {
    const token = await login(t.app, 'tower@demo.portal');
    await warm(t.app, token);
    const [user] = await t.app.db.select().from(usuarios).where(eq(usuarios.email, 'tower@demo.portal'));
    const company = (await admin.post('/empresas/list', { id: user!.idEmpresa })).body.dados;
    const res = await admin.post('/empresas/edit', { ...company, status: 0 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const next = await validate(t.app, token);
    expect(next.statusCode).toBe(401);
    expect(next.json().msg).toBe('Empresa inativa. Procure o administrador do portal.');
    const again = (await admin.post('/empresas/list', { id: user!.idEmpresa })).body.dados;
    expect((await admin.post('/empresas/edit', { ...again, status: 1 })).status).toBe(200);
  });

  it("a group losing a permission: its users' next call no longer has it", async () => {
    const token = await login(t.app, 'regional@demo.portal');
    expect((await warm(t.app, token)).permissoes.relatorios).toBe(true);
    const group = (await admin.post('/grupos/list', { q: String(GROUP.REGIONAL) })).body.dados[0];
    const res = await admin.post('/grupos/edit', { ...group, relatorios: false });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await validate(t.app, token)).json().user.permissoes.relatorios).toBe(false);
    const again = (await admin.post('/grupos/list', { q: String(GROUP.REGIONAL) })).body.dados[0];
    expect((await admin.post('/grupos/edit', { ...again, relatorios: true })).status).toBe(200);
  });

  it("a user's regionals changed: the next call has the new ones", async () => {
    const token = await login(t.app, 'regional@demo.portal');
    const before = (await warm(t.app, token)).regionais;
    const row = await userRow('regional@demo');
    const other = before.includes(5) ? 6 : 5;
    const res = await admin.post('/usuarios/edit', { ...row, regionais: String(other), id_regional: other });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await validate(t.app, token)).json().user.regionais).toEqual([other]);
    const back = await admin.post('/usuarios/edit', {
      ...(await userRow('regional@demo')),
      regionais: before.join(','),
      id_regional: before[0],
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
  });

  it('a password reset by e-mail ends the open (cached) session at its next call', async () => {
    const token = await login(t.app, 'solicitante@demo.portal');
    await warm(t.app, token);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/lost-password',
          payload: { email: 'solicitante@demo.portal' },
        })
      ).statusCode,
    ).toBe(200);
    await runQueue(t.app);
    const hash = t.mails.at(-1)!.link!.split('/recuperar-senha/')[1]!;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/change-password-new',
      payload: { hash, password: 'Recuperada#2026' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await validate(t.app, token)).statusCode).toBe(401);
  });

  it('a change written outside any request (a task, a script in this process) counts at the next call', async () => {
    const token = await login(t.app, 'amee@demo.portal');
    await warm(t.app, token);
    await t.app.db.update(usuarios).set({ ativo: false }).where(eq(usuarios.email, 'amee@demo.portal'));
    const next = await validate(t.app, token);
    expect(next.statusCode).toBe(401);
    expect(next.json().msg).toBe('Usuário inativo. Procure o administrador.');
    await t.app.db.update(usuarios).set({ ativo: true }).where(eq(usuarios.email, 'amee@demo.portal'));
  });

  it('the session read is frozen: what a call was given cannot change what the next call gets', async () => {
    const token = await login(t.app, 'celula@demo.portal');
    await warm(t.app, token);
    const cached = t.app.sessionCache.get(tokenHash(token))!;
    expect(Object.isFrozen(cached.user)).toBe(true);
    expect(Object.isFrozen(cached.user.regionais)).toBe(true);
    expect(Object.isFrozen(cached.user.permissoes)).toBe(true);
  });
});

describe('the idle timeout and the last-seen touch, with the session cached', () => {
  let t: TestApp;
  let idle: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    idle = await createTestApp({ sessionIdleMinutes: 1 });
    await Promise.all([live(t.app), live(idle.app)]);
  });
  afterAll(async () => {
    await idle.close();
    await t.close();
  });
  const lastSeen = async (app: FastifyInstance, token: string) =>
    (
      await app.db
        .select()
        .from(sessoes)
        .where(eq(sessoes.tokenHash, tokenHash(token)))
    )[0]!.lastSeenAt.getTime();
  /** As time passing would: the last-seen time alone, which announces no change (migration 0014). */
  const setLastSeen = (app: FastifyInstance, token: string, secondsAgo: number) =>
    app.db
      .update(sessoes)
      .set({ lastSeenAt: sql`now() - make_interval(secs => ${secondsAgo})` })
      .where(eq(sessoes.tokenHash, tokenHash(token)));

  it('a cached session past the idle timeout is 401, exact to the minute', async () => {
    const token = await login(idle.app, 'celula@demo.portal');
    await setLastSeen(idle.app, token, 55);
    expect((await validate(idle.app, token)).statusCode).toBe(200);
    const hits = idle.app.sessionCache.stats().hits;
    expect((await validate(idle.app, token)).statusCode).toBe(200);
    expect(idle.app.sessionCache.stats().hits).toBe(hits + 1);
    await new Promise((r) => setTimeout(r, 6000));
    expect((await validate(idle.app, token)).statusCode).toBe(401);
  }, 20_000);

  it('a cached session still writes its last-seen time once a minute, and only then', async () => {
    const token = await login(t.app, 'celula@demo.portal');
    await setLastSeen(t.app, token, 57);
    const before = await lastSeen(t.app, token);
    expect((await validate(t.app, token)).statusCode).toBe(200);
    expect(await lastSeen(t.app, token)).toBe(before);
    await new Promise((r) => setTimeout(r, 4000));
    const hits = t.app.sessionCache.stats().hits;
    expect((await validate(t.app, token)).statusCode).toBe(200);
    expect(t.app.sessionCache.stats().hits, 'answered from the cache').toBe(hits + 1);
    const touched = await lastSeen(t.app, token);
    expect(touched).toBeGreaterThan(before + 50_000);
    for (let i = 0; i < 3; i++) expect((await validate(t.app, token)).statusCode).toBe(200);
    expect(await lastSeen(t.app, token)).toBe(touched);
  }, 20_000);
});

describe('SESSION_CACHE=0', () => {
  it('turns the cache off: every call reads the database', async () => {
    const off = await createTestApp({ sessionCache: false });
    try {
      const token = await login(off.app, 'celula@demo.portal');
      for (let i = 0; i < 3; i++) expect((await validate(off.app, token)).statusCode).toBe(200);
      expect(off.app.sessionCache.stats()).toMatchObject({ hits: 0, entries: 0, bypassed: 3 });
    } finally {
      await off.close();
    }
  });
});

describe.skipIf(!onPostgres)('two instances on one PostgreSQL (needs TEST_DATABASE_URL)', () => {
  let apps: Awaited<ReturnType<typeof twoApps>>;
  beforeAll(async () => {
    apps = await twoApps({});
    await Promise.all([live(apps.a.app), live(apps.b.app)]);
  });
  afterAll(() => apps.close());

  it("a change made through A counts at B's next call, once the notice arrives; B's cache was in use", async () => {
    const { a, b } = apps;
    const token = await login(b.app, 'solicitante@demo.portal');
    await warm(b.app, token);
    const admin = await signedIn(a.app, 'admin@demo.portal');
    const row = (await admin.post('/usuarios/list', { q: 'solicitante@demo' })).body.dados[0];
    const invalidations = b.app.sessionCache.stats().invalidations;
    expect(
      (await admin.post('/usuarios/edit', { ...row, id_status: 0, regionais: row.regionais })).status,
    ).toBe(200);
    await until(
      'B refuses the deactivated user',
      async () => (await validate(b.app, token)).statusCode === 401,
      1000,
    );
    expect(b.app.sessionCache.stats().invalidations).toBeGreaterThan(invalidations);
  });

  it('a logout through A ends the session on B', async () => {
    const { a, b } = apps;
    const token = await login(a.app, 'regional@demo.portal');
    await warm(b.app, token);
    const out = await a.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: bearer(token),
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    await until(
      'B refuses the ended session',
      async () => (await validate(b.app, token)).statusCode === 401,
      1000,
    );
  });
});

describe.skipIf(!onPostgres)('the listening connection lost (needs TEST_DATABASE_URL)', () => {
  let t: TestApp;
  let other: pg.Client;
  beforeAll(async () => {
    t = await createTestApp();
    await live(t.app);
    // Another instance's writes: a connection of its own, unseen by this process's pool.
    other = new pg.Client({ connectionString: t.config.databaseUrl });
    await other.connect();
  });
  afterAll(async () => {
    await other.end();
    await t.close();
  });

  it('while it is down the cache is bypassed, so a change made meanwhile counts; it reconnects and caches again', async () => {
    const token = await login(t.app, 'consulta@demo.portal');
    await warm(t.app, token);
    const killed = await other.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()',
      [ACCESS_LISTENER_NAME],
    );
    expect(killed.rowCount).toBe(1);
    await until('the cache notices', () => !t.app.sessionCache.stats().live, 1000);
    // No notice can arrive now: only bypassing the cache sees this change.
    await other.query(`update usuarios set ativo = false where email = 'consulta@demo.portal'`);
    const bypassed = t.app.sessionCache.stats().bypassed;
    expect((await validate(t.app, token)).statusCode).toBe(401);
    expect(t.app.sessionCache.stats().bypassed).toBe(bypassed + 1);
    await other.query(`update usuarios set ativo = true where email = 'consulta@demo.portal'`);

    await live(t.app);
    await warm(t.app, token);
    await other.query(`update usuarios set ativo = false where email = 'consulta@demo.portal'`);
    await until(
      'the reconnected listener delivers',
      async () => (await validate(t.app, token)).statusCode === 401,
      1000,
    );
    await other.query(`update usuarios set ativo = true where email = 'consulta@demo.portal'`);
  }, 30_000);
});
