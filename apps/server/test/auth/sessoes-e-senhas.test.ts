import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdministrator } from '../../src/db/seed/administrator.ts';
import { auditLog, empresas, sessoes, usuarios } from '../../src/db/schema.ts';
import { tokenHash } from '../../src/auth/tokens.ts';
import { bearer, createTestApp, login, type TestApp, runQueue } from '../support/test-app.ts';

/** Issue 9 items 5 and 7: sessions and passwords. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, token?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: token ? bearer(token) : {} });
const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

describe('a user who must change the password (trocar_senha 0) can do nothing else', () => {
  it('every other call answers 403 "Troque sua senha para continuar."', async () => {
    const token = await login(t.app, 'novo@demo.portal');
    for (const res of [
      await get('/api/home', token),
      await post('/api/novas-unidades/list', {}, token),
      await post('/api/usuarios/list', {}, token),
      await get('/api/regionais', token),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({ error: 1, msg: 'Troque sua senha para continuar.' });
    }
  });

  it('validate and logout still answer, and after the change everything opens', async () => {
    const token = await login(t.app, 'novo@demo.portal');
    expect((await get('/api/validate', token)).statusCode).toBe(200);
    const changed = await post(
      '/api/change-password',
      { senha_atual: 'Portal@2026', password: 'Trocada#2026' },
      token,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await get('/api/home', token)).statusCode).toBe(200);
    expect((await post('/api/logout', {}, token)).statusCode).toBe(200);
  });
});

/** The API as documented: every route the app serves under /api, with its methods. */
function documentedRoutes(): { method: string; url: string }[] {
  const paths = (t.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
  return Object.entries(paths).flatMap(([url, methods]) =>
    Object.keys(methods).map((method) => ({
      method: method.toUpperCase(),
      url: url.replace(/\{[^}]+\}/g, '1'),
    })),
  );
}

/** Calls made without a session (no `authenticate`): they answer whatever trocar_senha is. */
const PUBLIC = ['/api/login', '/api/lost-password', '/api/change-password-new'];
const ALLOWED_BEFORE_CHANGE = ['/api/validate', '/api/logout', '/api/change-password'];

describe('trocar_senha 0 is enforced on every signed-in route', () => {
  it('every other route of the API answers 403 "Troque sua senha para continuar." before reading anything', async () => {
    await t.app.db.update(usuarios).set({ trocarSenha: 0 }).where(eq(usuarios.email, 'consulta@demo.portal'));
    const token = await login(t.app, 'consulta@demo.portal');
    const routes = documentedRoutes().filter(
      (r) => !PUBLIC.includes(r.url) && !ALLOWED_BEFORE_CHANGE.includes(r.url),
    );
    expect(routes.length).toBeGreaterThan(30);
    for (const { method, url } of routes) {
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload: method === 'GET' || method === 'DELETE' ? undefined : '{"trocar_senha":1}',
      });
      expect(`${method} ${url} ${res.statusCode}`).toBe(`${method} ${url} 403`);
      expect(res.json()).toEqual({ error: 1, msg: 'Troque sua senha para continuar.' });
    }
    // The block is the user's own state: the session is unharmed and still asked to change.
    const validate = await get('/api/validate', token);
    expect(validate.statusCode).toBe(200);
    expect(validate.json().user.trocar_senha).toBe(0);
  });

  it('validate, logout and change-password, and the public recovery calls, stay open', async () => {
    await t.app.db
      .update(usuarios)
      .set({ trocarSenha: 0 })
      .where(eq(usuarios.email, 'solicitante@demo.portal'));
    const token = await login(t.app, 'solicitante@demo.portal');
    expect((await get('/api/validate', token)).statusCode).toBe(200);
    const wrong = await post(
      '/api/change-password',
      { senha_atual: 'errada-123', password: 'Outra#2026x' },
      token,
    );
    expect(wrong.statusCode).toBe(422);

    // Recovery by e-mail works too, and the link's new password ends the forced change.
    expect((await post('/api/lost-password', { email: 'solicitante@demo.portal' })).statusCode).toBe(200);
    await runQueue(t.app);
    const hash = t.mails.at(-1)!.link!.split('/recuperar-senha/')[1]!;
    const reset = await post('/api/change-password-new', { hash, password: 'Recuperada#2026' });
    expect(reset.statusCode, reset.body).toBe(200);
    // The reset ended every session, the one that was open included.
    expect((await get('/api/validate', token)).statusCode).toBe(401);
    const fresh = await login(t.app, 'solicitante@demo.portal', 'Recuperada#2026');
    expect((await get('/api/home', fresh)).statusCode).toBe(200);
    expect((await post('/api/logout', {}, fresh)).statusCode).toBe(200);
  });

  it('the first administrator (no company) must change the password, then uses the API', async () => {
    const outcome = await createAdministrator(t.app.db, {
      email: 'primeiro.admin@demo.portal',
      name: 'Primeiro Administrador',
      password: 'Inicial#2026',
    });
    expect(outcome).toBe('created');
    const token = await login(t.app, 'primeiro.admin@demo.portal', 'Inicial#2026');
    expect((await post('/api/usuarios/list', {}, token)).statusCode).toBe(403);
    const changed = await post(
      '/api/change-password',
      { senha_atual: 'Inicial#2026', password: 'Definitiva#2026' },
      token,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().user).toMatchObject({ empresa: null, trocar_senha: 1, perfil: 1 });
    expect((await post('/api/usuarios/list', {}, token)).statusCode).toBe(200);
    expect((await get('/api/home', token)).statusCode).toBe(200);
  });
});

describe('change-password asks for the current password and ends the other sessions', () => {
  it("hostile: an e-mail of another user in the body changes only the caller's own password", async () => {
    const token = await login(t.app, 'regional@demo.portal');
    const res = await post(
      '/api/change-password',
      { senha_atual: 'Portal@2026', password: 'Regional#2026', email: 'celula@demo.portal' },
      token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.email).toBe('regional@demo.portal');
    expect(await login(t.app, 'celula@demo.portal')).toBeTruthy();
    expect(await login(t.app, 'regional@demo.portal', 'Regional#2026')).toBeTruthy();
  });

  it('hostile: a current password of the wrong type → 400 naming senha_atual', async () => {
    const token = await login(t.app, 'amee@demo.portal');
    const res = await post(
      '/api/change-password',
      { senha_atual: 12345678, password: 'OutraSenha#2026' },
      token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 1, campo: 'senha_atual' });
  });

  it('hostile: without a session change-password answers 401, whatever the body', async () => {
    const res = await post('/api/change-password', {
      senha_atual: 'Portal@2026',
      password: 'OutraSenha#2026',
    });
    expect(res.statusCode).toBe(401);
  });

  it('without the current password → 400 naming Senha atual', async () => {
    const token = await login(t.app, 'amee@demo.portal');
    const res = await post('/api/change-password', { password: 'OutraSenha#2026' }, token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ campo: 'senha_atual', msg: 'Informe a senha atual.' });
  });

  it('a wrong current password → 422 "Senha atual incorreta.", nothing changes', async () => {
    const token = await login(t.app, 'amee@demo.portal');
    const res = await post(
      '/api/change-password',
      { senha_atual: 'errada-123', password: 'OutraSenha#2026' },
      token,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ campo: 'senha_atual', msg: 'Senha atual incorreta.' });
    expect(await login(t.app, 'amee@demo.portal')).toBeTruthy();
  });

  it('the current password again as the new one → 422 naming the new password, nothing changes', async () => {
    const token = await login(t.app, 'amee@demo.portal');
    const res = await post(
      '/api/change-password',
      { senha_atual: 'Portal@2026', password: 'Portal@2026' },
      token,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error: 1,
      campo: 'password',
      msg: 'A nova senha deve ser diferente da senha atual.',
    });
    expect((await get('/api/home', token)).statusCode).toBe(200);
  });

  it('with it: the password changes, this session goes on, every other session ends', async () => {
    const other = await login(t.app, 'property@demo.portal');
    const current = await login(t.app, 'property@demo.portal');
    const res = await post(
      '/api/change-password',
      { senha_atual: 'Portal@2026', password: 'Propriedade#2026' },
      current,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await get('/api/home', current)).statusCode).toBe(200);
    expect((await get('/api/home', other)).statusCode).toBe(401);
    expect(
      (await post('/api/login', { email: 'property@demo.portal', password: 'Portal@2026' })).statusCode,
    ).toBe(401);
  });
});

describe('users of a deactivated company cannot sign in', () => {
  it('sign-in answers 403 and an open session ends at its next call; reactivated, both work again', async () => {
    const [user] = await t.app.db.select().from(usuarios).where(eq(usuarios.email, 'tower@demo.portal'));
    const open = await login(t.app, 'tower@demo.portal');
    await t.app.db.update(empresas).set({ status: false }).where(eq(empresas.id, user!.idEmpresa!));

    const refused = await post('/api/login', { email: 'tower@demo.portal', password: 'Portal@2026' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 1, msg: 'Empresa inativa. Procure o administrador do portal.' });
    const cut = await get('/api/home', open);
    expect(cut.statusCode).toBe(401);
    expect(cut.json().msg).toBe('Empresa inativa. Procure o administrador do portal.');

    await t.app.db.update(empresas).set({ status: true }).where(eq(empresas.id, user!.idEmpresa!));
    expect((await get('/api/home', open)).statusCode).toBe(200);
  });

  it('nor receive a password recovery link while it is inactive', async () => {
    const [user] = await t.app.db.select().from(usuarios).where(eq(usuarios.email, 'tower@demo.portal'));
    await t.app.db.update(empresas).set({ status: false }).where(eq(empresas.id, user!.idEmpresa!));
    const sent = t.mails.length;
    const res = await post('/api/lost-password', { email: 'tower@demo.portal' });
    expect(res.statusCode).toBe(200);
    await runQueue(t.app);
    expect(t.mails.length).toBe(sent);
    await t.app.db.update(empresas).set({ status: true }).where(eq(empresas.id, user!.idEmpresa!));
    await post('/api/lost-password', { email: 'tower@demo.portal' });
    await runQueue(t.app);
    expect(t.mails.length).toBe(sent + 1);
  });
});

describe('a forged X-Forwarded-For never overflows the audit log', () => {
  it('with trustProxy on, a list of 300 forged addresses is stored as one address that fits the column', async () => {
    const proxied = await createTestApp({ trustProxy: true });
    try {
      const forged = Array.from({ length: 300 }, (_, i) => `198.51.100.${i % 250}`).join(', ');
      const res = await proxied.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: 'celula@demo.portal', password: 'Portal@2026' },
        headers: { 'x-forwarded-for': forged },
      });
      expect(res.statusCode, res.body).toBe(200);
      const [entry] = await proxied.app.db.select().from(auditLog).where(eq(auditLog.acao, 'login'));
      expect(entry!.ip!.length).toBeLessThanOrEqual(64);
      expect(entry!.ip).not.toContain(',');
    } finally {
      await proxied.close();
    }
  });

  it('with trustProxy on, a 300-character "address" signs in and is stored cut to the column', async () => {
    const proxied = await createTestApp({ trustProxy: true });
    try {
      const res = await proxied.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: 'celula@demo.portal', password: 'Portal@2026' },
        headers: { 'x-forwarded-for': 'f'.repeat(300) },
      });
      expect(res.statusCode, res.body).toBe(200);
      const [entry] = await proxied.app.db.select().from(auditLog).where(eq(auditLog.acao, 'login'));
      expect(entry!.ip).toBe('f'.repeat(64));
    } finally {
      await proxied.close();
    }
  });
});

describe('the session on the hot path (issue 12: nothing the answer does not need)', () => {
  const lastSeen = async (token: string) =>
    (
      await t.app.db
        .select()
        .from(sessoes)
        .where(eq(sessoes.tokenHash, tokenHash(token)))
    )[0]!.lastSeenAt;
  const setLastSeen = (token: string, secondsAgo: number) =>
    t.app.db
      .update(sessoes)
      .set({ lastSeenAt: sql`now() - make_interval(secs => ${secondsAgo})` })
      .where(eq(sessoes.tokenHash, tokenHash(token)));

  it('a call within a minute of the last write leaves the session row alone', async () => {
    const token = await login(t.app, 'regional@demo.portal', 'Regional#2026');
    await setLastSeen(token, 30);
    const before = await lastSeen(token);
    for (let i = 0; i < 5; i++) expect((await get('/api/home', token)).statusCode).toBe(200);
    expect(await lastSeen(token)).toEqual(before);
  });

  it('a call after more than a minute slides the idle window', async () => {
    const token = await login(t.app, 'regional@demo.portal', 'Regional#2026');
    await setLastSeen(token, 120);
    const before = await lastSeen(token);
    expect((await get('/api/home', token)).statusCode).toBe(200);
    expect((await lastSeen(token)).getTime()).toBeGreaterThan(before.getTime() + 60_000);
  });

  it('a session idle past SESSION_IDLE_MINUTES ends (401), however recent its creation', async () => {
    const token = await login(t.app, 'regional@demo.portal', 'Regional#2026');
    await setLastSeen(token, t.config.sessionIdleMinutes * 60 + 5);
    expect((await get('/api/home', token)).statusCode).toBe(401);
  });

  it("the regionals reach the session from the same read (the regional's scope)", async () => {
    const token = await login(t.app, 'regional@demo.portal', 'Regional#2026');
    const res = await get('/api/validate', token);
    expect(res.json().user.regionais).toEqual([7]);
  });
});
