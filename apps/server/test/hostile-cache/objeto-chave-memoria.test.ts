import { SIGNED_IN } from '@portal/domain/contracts/call';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticate } from '../../src/auth/authenticate.ts';
import { SessionCache, type CachedSession } from '../../src/auth/session-cache.ts';
import { bearer, createTestApp, login, type TestApp } from '../support/test-app.ts';
import { live, validate, warm } from './support.ts';

/** Hostile review of the session cache (issue 12): the cached object, its key, and its size. */
describe('the cached session cannot be changed, confused or grown by a client', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, (app: FastifyInstance) => {
      // A careless handler that widens the user it was given.
      app.get(
        '/api/_hostile/widen',
        { onRequest: authenticate, config: { access: SIGNED_IN } },
        async (request) => {
          try {
            (request.user.permissoes as { usuarios: boolean }).usuarios = true;
            (request.user.regionais as number[]).push(99);
            (request.user as { grupo: number }).grupo = 1;
          } catch {
            // frozen: the attempt fails
          }
          return { ok: true };
        },
      );
    });
    await live(t.app);
  });
  afterAll(() => t.close());

  it('a route handler mutating request.user does not change what the next call is given', async () => {
    const token = await login(t.app, 'consulta@demo.portal');
    const before = await warm(t.app, token);
    await t.app.inject({ method: 'GET', url: '/api/_hostile/widen', headers: bearer(token) });
    const after = (await validate(t.app, token)).json().user;
    expect(after.permissoes).toEqual(before.permissoes);
    expect(after.regionais).toEqual(before.regionais);
    expect(after.grupo).toBe(before.grupo);
  });

  it('two tokens of one user are two cache entries: ending one leaves the other, and neither answers for the other', async () => {
    const x = await login(t.app, 'celula@demo.portal');
    const y = await login(t.app, 'celula@demo.portal');
    await warm(t.app, x);
    await warm(t.app, y);
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(x), payload: {} });
    expect((await validate(t.app, x)).statusCode).toBe(401);
    expect((await validate(t.app, y)).statusCode).toBe(200);
  });

  it("a token's near-misses (case changed, one character off, its hash, padded) are 401, not the cached session", async () => {
    const token = await login(t.app, 'regional@demo.portal');
    await warm(t.app, token);
    const { createHash } = await import('node:crypto');
    for (const forged of [
      token.toUpperCase(),
      token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'),
      createHash('sha256').update(token).digest('hex'),
      token + '=',
    ]) {
      expect((await validate(t.app, forged)).statusCode, forged).toBe(401);
    }
  });

  it('unknown tokens add no cache entries (a flood of bogus tokens costs no memory)', async () => {
    const entries = t.app.sessionCache.stats().entries;
    for (let i = 0; i < 200; i++)
      expect((await validate(t.app, `bogus-${i}-${'x'.repeat(40)}`)).statusCode).toBe(401);
    expect(t.app.sessionCache.stats().entries).toBe(entries);
  });

  it('the cache never holds more than maxEntries sessions, however many tokens are used', () => {
    const cache = new SessionCache(true, { maxEntries: 100 });
    cache.setLive(true);
    for (let i = 0; i < 10_000; i++) {
      const s = {
        user: { id: i } as never,
        ativo: true,
        empresaAtiva: true,
        sessionId: i,
        lastSeenAt: 0,
      } as CachedSession;
      cache.store(`h${i}`, s, cache.generation);
    }
    expect(cache.stats().entries).toBe(100);
    expect(cache.get('h0')).toBeUndefined();
    expect(cache.get('h9999')).toBeDefined();
  });
});
