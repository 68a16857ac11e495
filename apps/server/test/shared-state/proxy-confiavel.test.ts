import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_ATTEMPTS } from '../../src/auth/rate-limits.ts';
import { readConfig } from '../../src/config.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * TRUST_PROXY (GUIDE §7): behind the load balancer the per-IP limit must see each client, and
 * without the setting a client must not pick its own address with X-Forwarded-For.
 */
const PROXY = '10.40.0.254';
const LIMITS = { perAddress: 100, perIp: 3, windowMs: 60_000 };
let behindProxy: TestApp;
let direct: TestApp;
beforeAll(async () => {
  behindProxy = await createTestApp({
    rateLimit: LIMITS,
    trustProxy: readConfig({ TRUST_PROXY: PROXY }).trustProxy,
  });
  direct = await createTestApp({ rateLimit: LIMITS });
});
afterAll(async () => {
  await behindProxy.close();
  await direct.close();
});

let n = 0;
const attempt = (t: TestApp, remoteAddress: string, forwardedFor?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: `pessoa${n++}@demo.portal`, password: 'errada-123' },
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });

describe('rate limits behind a trusted proxy', () => {
  it('with TRUST_PROXY naming the proxy, two clients behind it are limited separately, by X-Forwarded-For', async () => {
    for (let i = 0; i < 3; i++)
      expect((await attempt(behindProxy, PROXY, '203.0.113.1')).statusCode).toBe(401);
    const locked = await attempt(behindProxy, PROXY, '203.0.113.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ error: 1, msg: TOO_MANY_ATTEMPTS });
    expect((await attempt(behindProxy, PROXY, '203.0.113.2')).statusCode).toBe(401);
  });

  it('with TRUST_PROXY, a client that is not the proxy cannot escape the limit by forging X-Forwarded-For', async () => {
    for (let i = 0; i < 3; i++)
      expect((await attempt(behindProxy, '198.51.100.7', `203.0.113.${50 + i}`)).statusCode).toBe(401);
    expect((await attempt(behindProxy, '198.51.100.7', '203.0.113.99')).statusCode).toBe(429);
  });

  it('without TRUST_PROXY, a forged X-Forwarded-For does not escape the limit', async () => {
    for (let i = 0; i < 3; i++)
      expect((await attempt(direct, '10.41.0.1', `203.0.113.${60 + i}`)).statusCode).toBe(401);
    expect((await attempt(direct, '10.41.0.1', '203.0.113.99')).statusCode).toBe(429);
  });
});
