import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PRUNE_INTERVAL_MS, SLOW_DOWN, TOO_MANY_ATTEMPTS } from '../../src/auth/rate-limits.ts';
import type { TestApp } from '../support/test-app.ts';
import { counterRows, expiredRows, signIn, signInRight, twoApps } from './support.ts';

/**
 * Issue 16: the sign-in and recovery limits hold across instances, because their counters are
 * rows of one database (see support.ts for PGlite, where both handles are one app).
 */
const WINDOW_MS = 60_000;
let fleet: Awaited<ReturnType<typeof twoApps>>;
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  fleet = await twoApps({ rateLimit: { perAddress: 3, perIp: 10, windowMs: WINDOW_MS } });
  ({ a, b } = fleet);
});
afterAll(() => fleet.close());

/** The instance the load balancer picks for the i-th call: a, b, a, b… */
const either = (i: number) => (i % 2 === 0 ? a : b).app;

describe('attempt counters shared by every instance', () => {
  it('ten failed sign-ins split across two instances lock the client IP out of both', async () => {
    for (let i = 0; i < 10; i++)
      expect((await signIn(either(i), `pessoa${i}@demo.portal`, '10.20.0.1')).statusCode).toBe(401);
    for (const t of [a, b]) {
      const locked = await signIn(t.app, 'mais-uma@demo.portal', '10.20.0.1');
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual({ error: 1, msg: TOO_MANY_ATTEMPTS });
    }
    expect((await signIn(b.app, 'mais-uma@demo.portal', '10.20.0.2')).statusCode).toBe(401);
  });

  it('the per-address slowdown holds on both instances, with Retry-After', async () => {
    for (let i = 0; i < 3; i++)
      expect((await signIn(either(i), 'celula@demo.portal', `10.21.0.${i}`)).statusCode).toBe(401);
    for (const t of [a, b]) {
      const slowed = await signIn(t.app, 'celula@demo.portal', '10.21.1.1');
      expect(slowed.statusCode).toBe(429);
      expect(slowed.json()).toEqual({ error: 1, msg: SLOW_DOWN });
      expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('a sign-in that succeeds on one instance gives back the attempt it counted, per IP and per address', async () => {
    for (let i = 0; i < 8; i++)
      expect((await signIn(either(i), `outra${i}@demo.portal`, '10.22.0.1')).statusCode).toBe(401);
    expect((await signIn(a.app, 'amee@demo.portal', '10.22.0.1')).statusCode).toBe(401);
    expect((await signIn(b.app, 'amee@demo.portal', '10.22.0.2')).statusCode).toBe(401);
    // Counted when it started, given back when it answered 200: the IP keeps its 10th attempt and
    // the address its 3rd free one.
    expect((await signInRight(b.app, 'amee@demo.portal', '10.22.0.1')).statusCode).toBe(200);
    expect((await signIn(a.app, 'amee@demo.portal', '10.22.0.3')).statusCode).toBe(401);
    expect((await signIn(b.app, 'amee@demo.portal', '10.22.0.4')).statusCode).toBe(429);
    expect((await signIn(a.app, 'ninguem@demo.portal', '10.22.0.1')).statusCode).toBe(401);
    expect((await signIn(b.app, 'ninguem2@demo.portal', '10.22.0.1')).statusCode).toBe(429);
  });

  it('a burst of parallel wrong passwords spread over both instances lets exactly the free attempts through', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => signIn(either(i), 'tower@demo.portal', `10.23.0.${i}`)),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);
  });

  it('recovery e-mails are counted per address across both instances', async () => {
    const ask = (i: number) =>
      either(i).inject({
        method: 'POST',
        url: '/api/lost-password',
        payload: { email: 'solicitante@demo.portal' },
        remoteAddress: `10.24.0.${i}`,
      });
    for (let i = 0; i < 3; i++) expect((await ask(i)).statusCode).toBe(200);
    for (let i = 3; i < 5; i++) {
      const refused = await ask(i);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ error: 1, msg: TOO_MANY_ATTEMPTS });
    }
  });

  it('parallel recovery requests spread over both instances send exactly the allowed e-mails', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        either(i).inject({
          method: 'POST',
          url: '/api/lost-password',
          payload: { email: 'consulta@demo.portal' },
          remoteAddress: `10.25.0.${i}`,
        }),
      ),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
  });

  it('expired counters are deleted by the next attempt and no longer count', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const rowsBefore = (await counterRows(a.app)).length;
      expect(rowsBefore).toBeGreaterThan(0);
      vi.setSystemTime(Date.now() + WINDOW_MS + PRUNE_INTERVAL_MS + 1);
      expect(await expiredRows(a.app, Date.now())).toBe(rowsBefore);
      // The IP locked out by the first test may try again, on either instance.
      expect((await signIn(a.app, 'pessoa0@demo.portal', '10.20.0.1')).statusCode).toBe(401);
      expect((await signIn(b.app, 'pessoa1@demo.portal', '10.20.0.1')).statusCode).toBe(401);
      expect(await expiredRows(a.app, Date.now())).toBe(0);
      // What is left: this IP's counter and the two addresses' slowdowns.
      expect((await counterRows(b.app)).map((r) => [r.escopo, r.contagem])).toEqual([
        ['login:conta', 1],
        ['login:conta', 1],
        ['login:ip', 2],
      ]);
    } finally {
      vi.useRealTimers();
    }
  });
});
