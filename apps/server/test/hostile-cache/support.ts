import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { bearer } from '../support/test-app.ts';

/** Polls `ok` until it holds or `ms` pass. */
export const until = async (what: string, ok: () => boolean | Promise<boolean>, ms = 5000) => {
  for (const end = Date.now() + ms; !(await ok()); await new Promise((r) => setTimeout(r, 20))) {
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
  }
};

export const live = (app: FastifyInstance) =>
  until('the session cache is live', () => app.sessionCache.stats().live);

export const validate = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: '/api/validate', headers: bearer(token) });

/** Two calls on `token`, the second answered from this instance's cache: the stale copy exists before the change. */
export async function warm(app: FastifyInstance, token: string) {
  expect((await validate(app, token)).statusCode).toBe(200);
  const hits = app.sessionCache.stats().hits;
  const res = await validate(app, token);
  expect(res.statusCode).toBe(200);
  expect(app.sessionCache.stats().hits, 'the second call was answered from the cache').toBe(hits + 1);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return res.json().user as any;
}
