import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessoes, usuarios } from '../src/db/schema.ts';
import { tokenHash } from '../src/auth/tokens.ts';
import { bearer, createTestApp, login, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('login', () => {
  it('signs in with e-mail and password and returns the session user of spec part 1 §3', async () => {
    const res = await post('/api/login', { email: 'regional@demo.portal', password: 'Portal@2026' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.error).toBe(0);
    expect(body.token).toMatch(/^[\w-]{40,}$/);
    expect(body.user).toMatchObject({
      name: 'Renata Regional',
      email: 'regional@demo.portal',
      razao_social: 'Operadora Telecom Brasil S.A.',
      grupo: 22890835,
      papel: 'regional',
      perfil: 4,
      trocar_senha: 1,
    });
    expect(body.user.id_regional).toEqual(expect.any(Number));
    expect(body.user).not.toHaveProperty('password_hash');
    expect(body.user).not.toHaveProperty('passwordHash');
  });

  it('accepts the e-mail in any case and with surrounding spaces', async () => {
    const res = await post('/api/login', { email: '  CELULA@Demo.Portal ', password: 'Portal@2026' });
    expect(res.statusCode).toBe(200);
  });

  it("wrong password and unknown address both answer 401 'Usuário ou senha inválida!'", async () => {
    const wrong = await post('/api/login', { email: 'celula@demo.portal', password: 'errada123' });
    const unknown = await post('/api/login', { email: 'ninguem@demo.portal', password: 'Portal@2026' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 1, msg: 'Usuário ou senha inválida!' });
    }
  });

  it('an inactive user cannot sign in', async () => {
    await t.app.db.update(usuarios).set({ ativo: false }).where(eq(usuarios.email, 'property@demo.portal'));
    const res = await post('/api/login', { email: 'property@demo.portal', password: 'Portal@2026' });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toMatch(/inativo/);
    await t.app.db.update(usuarios).set({ ativo: true }).where(eq(usuarios.email, 'property@demo.portal'));
  });

  it('stores only the hash of the session token', async () => {
    const token = await login(t.app, 'amee@demo.portal');
    const rows = await t.app.db.select().from(sessoes);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.some((r) => r.tokenHash === tokenHash(token))).toBe(true);
  });

  it('stores passwords as argon2id hashes', async () => {
    const [row] = await t.app.db.select().from(usuarios).where(eq(usuarios.email, 'admin@demo.portal'));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});

describe('validate and logout', () => {
  it('validate returns the user for a live bearer token and 401 without one', async () => {
    const token = await login(t.app, 'tower@demo.portal');
    const ok = await t.app.inject({ method: 'GET', url: '/api/validate', headers: bearer(token) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({ email: 'tower@demo.portal', grupo: 22913699 });
    const none = await t.app.inject({ method: 'GET', url: '/api/validate' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ error: 1, msg: expect.any(String) });
    const forged = await t.app.inject({ method: 'GET', url: '/api/validate', headers: bearer('forjado') });
    expect(forged.statusCode).toBe(401);
  });

  it('logout revokes the token on the server', async () => {
    const token = await login(t.app, 'solicitante@demo.portal');
    const out = await post('/api/logout', {}, bearer(token));
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/validate', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
  });

  it('a session expires after the configured inactivity', async () => {
    const token = await login(t.app, 'consulta@demo.portal');
    await t.app.db
      .update(sessoes)
      .set({ lastSeenAt: sql`now() - make_interval(mins => ${t.config.sessionIdleMinutes + 1})` })
      .where(eq(sessoes.tokenHash, tokenHash(token)));
    const res = await t.app.inject({ method: 'GET', url: '/api/validate', headers: bearer(token) });
    expect(res.statusCode).toBe(401);
  });

  it('using a session keeps it alive (the inactivity window slides)', async () => {
    const token = await login(t.app, 'celula@demo.portal');
    await t.app.db
      .update(sessoes)
      .set({ lastSeenAt: sql`now() - make_interval(mins => ${t.config.sessionIdleMinutes - 1})` })
      .where(eq(sessoes.tokenHash, tokenHash(token)));
    const first = await t.app.inject({ method: 'GET', url: '/api/validate', headers: bearer(token) });
    expect(first.statusCode).toBe(200);
    const [row] = await t.app.db
      .select()
      .from(sessoes)
      .where(eq(sessoes.tokenHash, tokenHash(token)));
    expect(Date.now() - row!.lastSeenAt.getTime()).toBeLessThan(60_000);
  });

  it('a user deactivated while signed in loses access at the next call', async () => {
    const token = await login(t.app, 'regional@demo.portal');
    await t.app.db.update(usuarios).set({ ativo: false }).where(eq(usuarios.email, 'regional@demo.portal'));
    const res = await t.app.inject({ method: 'GET', url: '/api/validate', headers: bearer(token) });
    expect(res.statusCode).toBe(401);
    await t.app.db.update(usuarios).set({ ativo: true }).where(eq(usuarios.email, 'regional@demo.portal'));
  });
});
