import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/db/seed/demo-data.ts';
import { bearer, createTestApp, login, type TestApp } from '../support/test-app.ts';
import { is4xx, raw } from './support.ts';

/**
 * Hostile review of "Alterar senha" (issue 15 item 7, GUIDE §7): the change asks for the current
 * password, changes only the session's own user, ends the user's other sessions and keeps this one.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NEW = 'Nova#Senha2026';
const change = (token: string | null, body: unknown, type?: string) =>
  raw(
    t.app,
    token,
    'POST',
    '/api/change-password',
    typeof body === 'string' ? body : JSON.stringify(body),
    type,
  );
const canSignIn = async (email: string, password: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } })).statusCode ===
  200;

describe('the current password is required and checked', () => {
  it('a wrong, missing or mistyped current password changes nothing', async () => {
    const token = await login(t.app, 'regional@demo.portal');
    const bodies: unknown[] = [
      { senha_atual: 'errada', password: NEW },
      { password: NEW },
      { senha_atual: '', password: NEW },
      { senha_atual: null, password: NEW },
      { senha_atual: [DEMO_PASSWORD], password: NEW },
      { senha_atual: { $ne: '' }, password: NEW },
      { senha_atual: 12345678, password: NEW },
      { senha_atual: 'x'.repeat(100_000), password: NEW },
      { senha_atual: DEMO_PASSWORD, password: DEMO_PASSWORD },
      { senhaAtual: DEMO_PASSWORD, password: NEW },
      `senha_atual=${DEMO_PASSWORD}&password=${NEW}`,
    ];
    for (const body of bodies) {
      const res = await change(
        token,
        body,
        typeof body === 'string' ? 'application/x-www-form-urlencoded' : undefined,
      );
      const shown = JSON.stringify(body).slice(0, 60);
      expect([shown, is4xx(res.statusCode)]).toEqual([shown, true]);
      expect(res.body).not.toContain(DEMO_PASSWORD);
    }
    expect(await canSignIn('regional@demo.portal', DEMO_PASSWORD)).toBe(true);
    expect(await canSignIn('regional@demo.portal', NEW)).toBe(false);
  });

  it('the wrong-password answer names the current password field, in Portuguese', async () => {
    const token = await login(t.app, 'amee@demo.portal');
    const res = await change(token, { senha_atual: 'errada', password: NEW });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error: 1, msg: 'Senha atual incorreta.' });
  });

  it('guessing the current password from a stolen session is slowed down (429), the real owner elsewhere is not locked out of signing in', async () => {
    const token = await login(t.app, 'property@demo.portal');
    const codes: number[] = [];
    for (let i = 0; i < 15; i++)
      codes.push((await change(token, { senha_atual: `chute${i}`, password: NEW })).statusCode);
    expect(codes).toContain(429);
    expect(codes.every((c) => c === 422 || c === 429)).toBe(true);
    expect(await canSignIn('property@demo.portal', DEMO_PASSWORD)).toBe(true);
  });

  it('without a session (or a forged one) it is a 401 and nobody’s password changes', async () => {
    for (const token of [null, 'abc.def']) {
      const res = await change(token, {
        senha_atual: DEMO_PASSWORD,
        password: NEW,
        email: 'admin@demo.portal',
      });
      expect(res.statusCode).toBe(401);
    }
    expect(await canSignIn('admin@demo.portal', DEMO_PASSWORD)).toBe(true);
  });
});

describe('only the session’s own user changes, and the other sessions end', () => {
  it('an e-mail or id of another user in the body changes only mine', async () => {
    const token = await login(t.app, 'tower@demo.portal');
    const res = await change(token, {
      senha_atual: DEMO_PASSWORD,
      password: NEW,
      email: 'admin@demo.portal',
      id: 1,
      id_usuario: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.email).toBe('tower@demo.portal');
    expect(await canSignIn('admin@demo.portal', DEMO_PASSWORD)).toBe(true);
    expect(await canSignIn('admin@demo.portal', NEW)).toBe(false);
    expect(await canSignIn('tower@demo.portal', NEW)).toBe(true);
  });

  it('profile 3 (Consulta) changes its own password; its other session ends, this one goes on', async () => {
    const other = await login(t.app, 'consulta@demo.portal');
    const mine = await login(t.app, 'consulta@demo.portal');
    const res = await change(mine, { senha_atual: DEMO_PASSWORD, password: NEW });
    expect(res.statusCode, res.body).toBe(200);
    const home = (token: string) => t.app.inject({ method: 'GET', url: '/api/home', headers: bearer(token) });
    expect((await home(mine)).statusCode).toBe(200);
    expect((await home(other)).statusCode).toBe(401);
    // The old password is gone.
    expect(await canSignIn('consulta@demo.portal', DEMO_PASSWORD)).toBe(false);
  });
});
