import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { usuarios } from '../../src/db/schema.ts';
import { tokenHash } from '../../src/auth/tokens.ts';
import { bearer, createTestApp, login, type TestApp } from '../support/test-app.ts';

/** The session read of one token can be held after it has read, before authenticate goes on. */
const hold = vi.hoisted(() => ({
  hash: undefined as string | undefined,
  read: undefined as (() => void) | undefined,
  release: Promise.resolve(),
}));
vi.mock('../../src/auth/session-user.ts', async (original) => {
  const actual = await original<typeof import('../../src/auth/session-user.ts')>();
  return {
    ...actual,
    findSessionUser: async (...args: Parameters<typeof actual.findSessionUser>) => {
      const answer = await actual.findSessionUser(...args);
      if (args[1] === hold.hash) {
        hold.hash = undefined;
        hold.read?.();
        await hold.release;
      }
      return answer;
    },
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  for (const end = Date.now() + 5000; !t.app.sessionCache.stats().live && Date.now() < end;) {
    await new Promise((r) => setTimeout(r, 20));
  }
});
afterAll(() => t.close());

const validate = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: '/api/validate', headers: bearer(token) });

describe('a read that began before a change is never kept', () => {
  it('the stale answer of a read finishing after an invalidation is not stored: the next call sees the change', async () => {
    const token = await login(t.app, 'consulta@demo.portal');
    let release!: () => void;
    hold.release = new Promise((r) => (release = r));
    const read = new Promise<void>((r) => (hold.read = r));
    hold.hash = tokenHash(token);

    // 1. A call reads the session (user active) and is held before it stores the answer.
    const slow = validate(t.app, token);
    await read;
    // 2. Meanwhile the user is deactivated (the invalidation moves the generation on).
    const discarded = t.app.sessionCache.stats().discarded;
    await t.app.db.update(usuarios).set({ ativo: false }).where(eq(usuarios.email, 'consulta@demo.portal'));
    // 3. The held call finishes with what it read, concurrently with the change…
    release();
    expect((await slow).statusCode).toBe(200);
    expect(t.app.sessionCache.stats().discarded).toBe(discarded + 1);
    // …but its answer was not kept: the next call reads the database and sees the deactivation.
    expect((await validate(t.app, token)).statusCode).toBe(401);
    await t.app.db.update(usuarios).set({ ativo: true }).where(eq(usuarios.email, 'consulta@demo.portal'));
  });
});
