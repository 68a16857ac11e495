import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, empresas, usuarios } from '../../src/db/schema.ts';
import { bearer, createTestApp, login, type TestApp } from '../support/test-app.ts';

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

describe('change-password asks for the current password and ends the other sessions', () => {
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
});

describe('a forged X-Forwarded-For never overflows the audit log', () => {
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
