import { PUBLIC } from '@portal/domain/contracts/call';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, (app) =>
    app.get('/api/quebra', { config: { access: PUBLIC } }, async () => {
      throw new Error('detalhe interno secreto');
    }),
  );
});
afterAll(() => t.close());

const login = (payload: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload,
    headers: { 'content-type': 'application/json' },
  });

describe('bad input gets a 400 with a Portuguese message that names the field', () => {
  it('malformed JSON', async () => {
    const res = await login('{"email": ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 1, msg: 'O corpo da requisição não é um JSON válido.' });
  });

  it('missing field', async () => {
    const res = await login(JSON.stringify({ email: 'celula@demo.portal' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 1, campo: 'password', msg: 'Informe a senha.' });
  });

  it('mistyped field', async () => {
    const res = await login(JSON.stringify({ email: 42, password: 'x' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 1, campo: 'email' });
    expect(res.json().msg).toMatch(/e-mail/i);
  });

  it('overlong string', async () => {
    const res = await login(JSON.stringify({ email: `${'a'.repeat(300)}@demo.portal`, password: 'x' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 1,
      campo: 'email',
      msg: 'O e-mail pode ter no máximo 200 caracteres.',
    });
  });

  it('a body over the size limit is refused, not parsed', async () => {
    const res = await login(JSON.stringify({ email: 'x', password: 'y'.repeat(2_000_000) }));
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe(1);
  });
});

describe('errors never leak internals', () => {
  it('an unknown /api path is a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nao-existe' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 1, msg: 'Rota não encontrada.' });
  });

  it('an unexpected failure answers a generic 500 without stack trace or message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/quebra' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 1, msg: 'Erro interno. Tente novamente em instantes.' });
    expect(res.body).not.toContain('secreto');
  });
});
