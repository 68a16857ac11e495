import { PUBLIC } from '@portal/domain/contracts/call';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, (app) =>
    app.get('/api/meu-ip', { schema: { hide: true }, config: { access: PUBLIC } }, async (request) => ({
      ip: request.ip,
    })),
  );
});
afterAll(() => t.close());

describe('every answer carries the security headers (GUIDE §7)', () => {
  it('a CSP that allows only the app itself, frame protection and a referrer policy', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: {} });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('trustProxy is a setting, off by default', () => {
  it('TRUST_PROXY unset, 0 or false trusts no proxy; a list names the proxies', () => {
    expect(readConfig({}).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(readConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
    ]);
  });

  it('a spoofed X-Forwarded-For does not change the client address by default', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/meu-ip',
      remoteAddress: '10.9.9.9',
      headers: { 'x-forwarded-for': '1.2.3.4' },
    });
    expect(res.json()).toEqual({ ip: '10.9.9.9' });
  });
});

describe('the OpenAPI description is served only when the operator asks for it (hostile review)', () => {
  it('API_DOCS unset: /api/docs and its JSON answer 404 to anyone; API_DOCS=1 turns them on', async () => {
    expect(readConfig({}).apiDocs).toBe(false);
    expect(readConfig({ API_DOCS: '1' }).apiDocs).toBe(true);
    const closed = await createTestApp({ apiDocs: false });
    try {
      for (const url of ['/api/docs', '/api/docs/json']) {
        const res = await closed.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toEqual({ error: 1, msg: 'Rota não encontrada.' });
      }
    } finally {
      await closed.close();
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
  });
});
