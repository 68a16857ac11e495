import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: { perAddress: 3, perIp: 6, windowMs: 60_000 } });
});
afterAll(() => t.close());

const attempt = (email: string, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: 'errada-123' }, remoteAddress: ip });

describe('login rate limits', () => {
  it('successful sign-ins do not use up attempts', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'amee@demo.portal', password: 'Portal@2026' }, remoteAddress: '10.9.0.1' });
      expect(res.statusCode).toBe(200);
    }
  });

  it('limits failed attempts per address with a Portuguese 429', async () => {
    for (let i = 0; i < 3; i++) expect((await attempt('celula@demo.portal', `10.1.0.${i}`)).statusCode).toBe(401);
    const blocked = await attempt('celula@demo.portal', '10.1.0.99');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ error: 1, msg: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.' });
  });

  it('limits failed attempts per IP across different addresses', async () => {
    for (let i = 0; i < 6; i++) expect((await attempt(`pessoa${i}@demo.portal`, '10.2.0.1')).statusCode).toBe(401);
    expect((await attempt('outra@demo.portal', '10.2.0.1')).statusCode).toBe(429);
    expect((await attempt('outra@demo.portal', '10.2.0.2')).statusCode).toBe(401);
  });

  it('limits lost-password requests too', async () => {
    const ask = () =>
      t.app.inject({ method: 'POST', url: '/api/lost-password', payload: { email: 'amee@demo.portal' }, remoteAddress: '10.3.0.1' });
    for (let i = 0; i < 3; i++) expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(429);
    expect(t.mails.length).toBe(3);
  });
});
