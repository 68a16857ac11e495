import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, type TestApp } from '../support/test-app.ts';

/**
 * Issue 30: every authenticated API answer carries `Cache-Control: no-store` — answers, errors,
 * downloads and exports alike — so no browser or proxy keeps one; the web's hashed assets keep
 * their own caching (web-assets.test.ts).
 */
let t: TestApp;
let token: string;
/** Every documented call, as method and path with its parameters filled in. */
let calls: { method: string; url: string }[];
beforeAll(async () => {
  t = await createTestApp();
  token = await login(t.app, 'admin@demo.portal');
  const paths = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths as Record<
    string,
    Record<string, unknown>
  >;
  calls = Object.entries(paths)
    .flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => ({
        method: method.toUpperCase(),
        url: path.replace(/\{[^}]+\}/g, '1'),
      })),
    )
    // Signing out last: it ends the session the other calls use.
    .sort((a, b) => Number(a.url === '/api/logout') - Number(b.url === '/api/logout'));
});
afterAll(() => t.close());

const send = (call: { method: string; url: string }, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: call.method as 'GET',
    url: call.url,
    headers,
    ...(call.method === 'GET' || call.method === 'HEAD' ? {} : { payload: {} }),
  });

/** no-store, alone or with `private` (an attachment's answer). */
const noStore = (res: { headers: Record<string, unknown> }) =>
  /^(private, )?no-store$/.test(String(res.headers['cache-control']));

describe('every authenticated answer is Cache-Control: no-store', () => {
  it('walks every call the API documents: signed out (401) and signed in, whatever the status', async () => {
    expect(calls.length).toBeGreaterThan(100);
    const cached: string[] = [];
    let authenticated = 0;
    for (const call of calls) {
      const anonymous = await send(call);
      if (anonymous.statusCode === 401) authenticated++;
      if (!noStore(anonymous)) cached.push(`${call.method} ${call.url} sem sessão → ${anonymous.statusCode}`);
      const signed = await send(call, bearer(token));
      if (!noStore(signed))
        cached.push(`${call.method} ${call.url} → ${signed.statusCode} ${signed.headers['cache-control']}`);
    }
    expect(authenticated).toBeGreaterThan(100);
    expect(cached).toEqual([]);
  });

  it('an error of an authenticated call (a bad body, an unknown record) is no-store too', async () => {
    const fresh = await login(t.app, 'celula@demo.portal');
    for (const res of [
      await t.app.inject({
        method: 'POST',
        url: '/api/usuarios/list',
        payload: { id: 'x' },
        headers: bearer(fresh),
      }),
      await t.app.inject({
        method: 'POST',
        url: '/api/usuarios/list',
        payload: '{"quebrado":',
        headers: { ...bearer(fresh), 'content-type': 'application/json' },
      }),
      await t.app.inject({ method: 'GET', url: '/api/exportacoes/999999/arquivo', headers: bearer(fresh) }),
    ]) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(noStore(res), String(res.headers['cache-control'])).toBe(true);
    }
  });
});
