import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_SLOWDOWN_MS, SLOW_DOWN_CURRENT_PASSWORD } from '../src/auth/rate-limits.ts';
import { createTestApp, type TestApp, runQueue } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: { perAddress: 3, perIp: 6, windowMs: 60_000 } });
});
afterAll(() => t.close());

const signIn = (email: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password: 'Portal@2026' },
    remoteAddress: ip,
  });
const attempt = (email: string, ip = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password: 'errada-123' },
    remoteAddress: ip,
  });

describe('login rate limits', () => {
  it('successful sign-ins do not use up attempts', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: 'amee@demo.portal', password: 'Portal@2026' },
        remoteAddress: '10.9.0.1',
      });
      expect(res.statusCode).toBe(200);
    }
  });

  it('failed attempts per address beyond the free ones are slowed down (429 with Retry-After), never locked out', async () => {
    for (let i = 0; i < 3; i++)
      expect((await attempt('celula@demo.portal', `10.1.0.${i}`)).statusCode).toBe(401);
    const slowed = await attempt('celula@demo.portal', '10.1.0.99');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json()).toEqual({
      error: 1,
      msg: 'Muitas tentativas para este e-mail. Aguarde alguns segundos e tente novamente.',
    });
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);
  });

  it("a stranger's wrong passwords delay the owner by seconds, not 15 minutes", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      for (let i = 0; i < 12; i++) {
        await attempt('regional@demo.portal', `10.4.0.${i}`);
        vi.setSystemTime(Date.now() + 60_000);
      }
      // The owner, from another address, waits at most MAX_SLOWDOWN_MS after the last failure.
      await attempt('regional@demo.portal', '10.4.0.50');
      expect((await signIn('regional@demo.portal', '10.4.1.1')).statusCode).toBe(429);
      vi.setSystemTime(Date.now() + MAX_SLOWDOWN_MS);
      expect((await signIn('regional@demo.portal', '10.4.1.1')).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a burst of parallel wrong passwords is held like a sequence (an attempt counts when it starts)', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => attempt('tower@demo.portal', `10.5.0.${i}`)),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });

  it('wrong current passwords on change-password are slowed down per user, like sign-ins', async () => {
    const session = (await signIn('property@demo.portal', '10.6.0.1')).json().token as string;
    const change = (senha_atual: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/change-password',
        payload: { senha_atual, password: 'Nova#Senha2026' },
        headers: { authorization: `Bearer ${session}` },
        remoteAddress: '10.6.0.1',
      });
    for (let i = 0; i < 3; i++) expect((await change(`errada-${i}`)).statusCode).toBe(422);
    const slowed = await change('errada-3');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json()).toEqual({ error: 1, msg: SLOW_DOWN_CURRENT_PASSWORD });
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits failed attempts per IP across different addresses', async () => {
    for (let i = 0; i < 6; i++)
      expect((await attempt(`pessoa${i}@demo.portal`, '10.2.0.1')).statusCode).toBe(401);
    expect((await attempt('outra@demo.portal', '10.2.0.1')).statusCode).toBe(429);
    expect((await attempt('outra@demo.portal', '10.2.0.2')).statusCode).toBe(401);
  });

  it('limits lost-password requests too', async () => {
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/lost-password',
        payload: { email: 'amee@demo.portal' },
        remoteAddress: '10.3.0.1',
      });
    for (let i = 0; i < 3; i++) expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(429);
    // Each request supersedes the link before it: only the newest is worth an e-mail.
    await runQueue(t.app);
    expect(t.mails.length).toBe(1);
  });
});
