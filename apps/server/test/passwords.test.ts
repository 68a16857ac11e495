import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets } from '../src/db/schema.ts';
import { bearer, createTestApp, login, runQueue, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });
const LOST_ANSWER = 'Caso seu e-mail esteja cadastrado, você receberá um link para alteração de sua senha.';

/** The token part of the newest e-mailed /recuperar-senha/{hash} link, once the queue sent it. */
const lastResetHash = async () => {
  await runQueue(t.app);
  return t.mails.at(-1)!.link!.match(/\/recuperar-senha\/([\w-]+)$/)![1]!;
};

describe('change-password (forced change on first sign-in)', () => {
  it('a user with trocar_senha 0 signs in, changes the password and is no longer forced', async () => {
    const first = await post('/api/login', { email: 'novo@demo.portal', password: 'Portal@2026' });
    expect(first.json().user.trocar_senha).toBe(0);
    const res = await post(
      '/api/change-password',
      { senha_atual: 'Portal@2026', password: 'NovaSenha#2026' },
      bearer(first.json().token),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      error: 0,
      msg: 'Troca efetuada com sucesso!',
      user: { trocar_senha: 1 },
    });
    expect(
      (await post('/api/login', { email: 'novo@demo.portal', password: 'Portal@2026' })).statusCode,
    ).toBe(401);
    const again = await post('/api/login', { email: 'novo@demo.portal', password: 'NovaSenha#2026' });
    expect(again.json().user.trocar_senha).toBe(1);
  });

  it('a password shorter than the minimum is refused with a Portuguese message naming the field', async () => {
    const token = await login(t.app, 'celula@demo.portal');
    const res = await post(
      '/api/change-password',
      { senha_atual: 'Portal@2026', password: 'curta' },
      bearer(token),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 1,
      campo: 'password',
      msg: 'A senha precisa ter pelo menos 8 caracteres!',
    });
  });

  it('requires a session', async () => {
    expect(
      (await post('/api/change-password', { senha_atual: 'Portal@2026', password: 'NovaSenha#2026' }))
        .statusCode,
    ).toBe(401);
  });
});

describe('lost-password and change-password-new (recovery)', () => {
  it('answers the same whether or not the address exists, and mails only a registered one', async () => {
    const before = t.mails.length;
    const unknown = await post('/api/lost-password', { email: 'ninguem@demo.portal' });
    await runQueue(t.app);
    expect(t.mails.length).toBe(before);
    const known = await post('/api/lost-password', { email: 'amee@demo.portal' });
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json()).toEqual({ error: 0, msg: LOST_ANSWER });
    await runQueue(t.app);
    expect(t.mails.length).toBe(before + 1);
    expect(t.mails.at(-1)).toMatchObject({ to: 'amee@demo.portal' });
    expect(t.mails.at(-1)!.text).toContain('http://portal.test/recuperar-senha/');
  });

  it('the link sets a new password once, ends open sessions, and cannot be used again', async () => {
    const oldSession = await login(t.app, 'tower@demo.portal');
    await post('/api/lost-password', { email: 'tower@demo.portal' });
    const hash = await lastResetHash();
    const reset = await post('/api/change-password-new', { hash, password: 'Recuperada#2026' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ error: 0, msg: 'Senha alterada com sucesso!' });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/validate', headers: bearer(oldSession) })).statusCode,
    ).toBe(401);
    expect(
      (await post('/api/login', { email: 'tower@demo.portal', password: 'Recuperada#2026' })).statusCode,
    ).toBe(200);
    const reuse = await post('/api/change-password-new', { hash, password: 'OutraSenha#2026' });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().msg).toBe('Link inválido ou expirado. Solicite uma nova recuperação de senha.');
  });

  it('a link is valid for one hour only', async () => {
    await post('/api/lost-password', { email: 'property@demo.portal' });
    const hash = await lastResetHash();
    const [row] = await t.app.db
      .select()
      .from(passwordResets)
      .orderBy(sql`id desc`)
      .limit(1);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(60 * 60_000);
    await t.app.db
      .update(passwordResets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResets.id, row!.id));
    const res = await post('/api/change-password-new', { hash, password: 'Expirada#2026' });
    expect(res.statusCode).toBe(400);
  });

  it('a newer link supersedes an older unused one', async () => {
    await post('/api/lost-password', { email: 'regional@demo.portal' });
    const older = await lastResetHash();
    await post('/api/lost-password', { email: 'regional@demo.portal' });
    expect(
      (await post('/api/change-password-new', { hash: older, password: 'Antiga#20260' })).statusCode,
    ).toBe(400);
    expect(
      (await post('/api/change-password-new', { hash: await lastResetHash(), password: 'Nova#2026000' }))
        .statusCode,
    ).toBe(200);
  });

  it('an invalid e-mail is refused with a message naming the field', async () => {
    const res = await post('/api/lost-password', { email: 'não-é-email' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error: 1, campo: 'email', msg: 'E-mail inválido.' });
  });
});
