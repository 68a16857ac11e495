import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { empresas, sessoes, usuarios } from '../../src/db/schema.ts';
import { tokenHash } from '../../src/auth/tokens.ts';
import { CHANGE_PASSWORD_FIRST } from '../../src/auth/authenticate.ts';
import { signedIn } from '../admin/support.ts';
import { call } from '../support/requests.ts';
import { bearer, createTestApp, login, type TestApp } from '../support/test-app.ts';
import { live, validate, warm } from './support.ts';

/**
 * Hostile review of the session cache (issue 12): a client holding a token whose session was ended,
 * or whose user/company was turned off, must get 401 at its very next call on the same instance,
 * even though that token's read sits in this instance's cache.
 */
describe('a cached token stops working at the next call once its session or user is ended', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await live(t.app);
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  const home = (token: string) => t.app.inject({ method: 'GET', url: '/api/home', headers: bearer(token) });

  it("logout: the logged-out token is 401 on every signed-in call, the same user's other token still works", async () => {
    const a = await login(t.app, 'consulta@demo.portal');
    const b = await login(t.app, 'consulta@demo.portal');
    await warm(t.app, a);
    await warm(t.app, b);
    expect((await call(t.app, a, '/api/logout', {})).statusCode).toBe(200);
    expect((await validate(t.app, a)).statusCode).toBe(401);
    expect((await home(a)).statusCode).toBe(401);
    expect((await call(t.app, a, '/api/logout', {})).statusCode).toBe(401);
    expect((await validate(t.app, b)).statusCode).toBe(200);
  });

  it("password change ends the other (cached) sessions at once; the caller's own goes on", async () => {
    const mine = await login(t.app, 'celula@demo.portal');
    const other = await login(t.app, 'celula@demo.portal');
    await warm(t.app, mine);
    await warm(t.app, other);
    const res = await call(t.app, mine, '/api/change-password', {
      senha_atual: 'Portal@2026',
      password: 'Celula#Nova2026',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await validate(t.app, other)).statusCode).toBe(401);
    expect((await home(other)).statusCode).toBe(401);
    expect((await validate(t.app, mine)).statusCode).toBe(200);
  });

  it('a user deactivated by a direct write (task, script) is 401 at the next call', async () => {
    const token = await login(t.app, 'property@demo.portal');
    await warm(t.app, token);
    await t.app.db.update(usuarios).set({ ativo: false }).where(eq(usuarios.email, 'property@demo.portal'));
    expect((await home(token)).statusCode).toBe(401);
    await t.app.db.update(usuarios).set({ ativo: true }).where(eq(usuarios.email, 'property@demo.portal'));
    expect((await home(token)).statusCode).toBe(200);
  });

  it("a company deactivated by a direct write: its users' cached sessions are 401 at the next call", async () => {
    const token = await login(t.app, 'tower@demo.portal');
    await warm(t.app, token);
    const [u] = await t.app.db.select().from(usuarios).where(eq(usuarios.email, 'tower@demo.portal'));
    await t.app.db.update(empresas).set({ status: false }).where(eq(empresas.id, u!.idEmpresa!));
    expect((await home(token)).statusCode).toBe(401);
    await t.app.db.update(empresas).set({ status: true }).where(eq(empresas.id, u!.idEmpresa!));
  });

  it('a deleted user: the cached token is 401 at the next call', async () => {
    const admin = await signedIn(t.app, 'admin@demo.portal');
    const token = await login(t.app, 'novo@demo.portal');
    await warm(t.app, token);
    const row = (await admin.post('/usuarios/list', { q: 'novo@demo' })).body.dados[0];
    const res = await admin.post('/usuarios/delete', { id: row.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await validate(t.app, token)).statusCode).toBe(401);
    expect((await home(token)).statusCode).toBe(401);
  });

  it('trocar_senha set to 0: the cached session is 403 on every call but validate, logout and change-password', async () => {
    const token = await login(t.app, 'solicitante@demo.portal');
    await warm(t.app, token);
    expect((await home(token)).statusCode).toBe(200);
    await t.app.db
      .update(usuarios)
      .set({ trocarSenha: 0 })
      .where(eq(usuarios.email, 'solicitante@demo.portal'));
    const blocked = await home(token);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().msg).toBe(CHANGE_PASSWORD_FIRST);
    const v = await validate(t.app, token);
    expect(v.statusCode).toBe(200);
    expect(v.json().user.trocar_senha).toBe(0);
    await t.app.db
      .update(usuarios)
      .set({ trocarSenha: 1 })
      .where(eq(usuarios.email, 'solicitante@demo.portal'));
    expect((await home(token)).statusCode).toBe(200);
  });

  it('a session revoked by a raw SQL statement (upper case, schema-qualified, quoted, comment first) is 401 at the next call', async () => {
    const token = await login(t.app, 'regional@demo.portal');
    await warm(t.app, token);
    await t.app.db.execute(
      sql.raw(
        `/* operador */ UPDATE "public"."sessoes" SET "revoked_at" = now() WHERE token_hash = '${tokenHash(token)}'`,
      ),
    );
    expect((await validate(t.app, token)).statusCode).toBe(401);
  });

  it('session idle timeout: a cached session idle past SESSION_IDLE_MINUTES is 401 (fake clock and last_seen_at moved back)', async () => {
    const token = await login(t.app, 'amee@demo.portal');
    await warm(t.app, token);
    const idle = t.config.sessionIdleMinutes;
    // The database's clock cannot be faked: its row is moved back by as much as the process's clock goes on.
    await t.app.db
      .update(sessoes)
      .set({ lastSeenAt: sql`now() - make_interval(mins => ${idle + 1})` })
      .where(eq(sessoes.tokenHash, tokenHash(token)));
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (idle + 1) * 60_000 });
    expect((await validate(t.app, token)).statusCode).toBe(401);
    expect((await home(token)).statusCode).toBe(401);
  });

  it('session idle timeout: a cached session used within the window stays valid across the touch', async () => {
    const token = await login(t.app, 'admin@demo.portal');
    await warm(t.app, token);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * 60_000 });
    expect((await validate(t.app, token)).statusCode).toBe(200);
  });
});
