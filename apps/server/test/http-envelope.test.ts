import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, type TestApp } from './support/test-app.ts';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t.close());

/** Sends raw bytes and returns the raw answer: these failures happen before Fastify's router. */
function raw(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(request));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));

describe('every failure keeps the {error, msg} envelope in Portuguese', () => {
  it('an empty body with a JSON content type is accepted on a call that needs none (logout)', async () => {
    const token = await login(t.app, 'celula@demo.portal');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().error).toBe(0);
  });

  it('a JSON body that tries prototype poisoning is refused with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"a@b.c","password":"x","__proto__":{"admin":true}}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 1, msg: 'O corpo da requisição não é um JSON válido.' });
  });

  it('a path parameter over the limit answers 414', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/arquivos/${'9'.repeat(200)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ error: 1, msg: 'O endereço da requisição é longo demais.' });
  });

  it('a URL that cannot be decoded answers 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/arquivos/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 1, msg: 'Requisição inválida.' });
  });

  it('oversized headers answer 431', async () => {
    const answer = await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1.1 431 /);
    expect(bodyOf(answer)).toEqual({ error: 1, msg: 'Os cabeçalhos da requisição são grandes demais.' });
  });

  it('a request Node cannot parse answers 400', async () => {
    const answer = await raw('ISTO NAO E HTTP\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1.1 400 /);
    expect(bodyOf(answer)).toEqual({ error: 1, msg: 'Requisição inválida.' });
  });
});
