import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, type TestApp } from '../support/test-app.ts';

/**
 * Hostile review of issue 30: `Cache-Control: no-store` on every /api answer (the odd ones: HEAD,
 * 401, 413, 415, the health probes, a direct export) and the charset
 * rule tried with its spellings (quoted, UTF8, extra parameters) and outside the JSON body.
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await login(t.app, 'solicitante@demo.portal');
});
afterAll(() => t.close());

const noStore = (res: { headers: Record<string, unknown> }) =>
  /^(private, )?no-store$/.test(String(res.headers['cache-control']));

describe('Cache-Control: no-store on the odd /api answers', () => {
  const cases: [string, () => Promise<{ statusCode: number; headers: Record<string, unknown> }>][] = [
    ['HEAD /api/health', () => t.app.inject({ method: 'HEAD', url: '/api/health' })],
    ['GET /api/ready', () => t.app.inject({ method: 'GET', url: '/api/ready' })],
    [
      'an expired token (401)',
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/novas-unidades/list',
          headers: bearer('x'.repeat(40)),
          payload: {},
        }),
    ],
    [
      'a Content-Type nobody parses (415)',
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/novas-unidades/list',
          headers: { ...bearer(token), 'content-type': 'text/xml' },
          payload: '<q/>',
        }),
    ],
    [
      'a JSON body over the limit (413)',
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/novas-unidades/list',
          headers: { ...bearer(token), 'content-type': 'application/json' },
          payload: `{"q":"${'x'.repeat(11 * 1024 * 1024)}"}`,
        }),
    ],
    [
      'HEAD of a direct export',
      () =>
        t.app.inject({
          method: 'HEAD',
          url: '/api/novas-unidades/list/exportar?formato=csv',
          headers: bearer(token),
        }),
    ],
  ];
  for (const [name, send] of cases) {
    it(`${name}: never a 5xx, and no-store`, async () => {
      const res = await send();
      expect(res.statusCode, name).toBeLessThan(500);
      expect(noStore(res), `${name} → ${res.statusCode} ${String(res.headers['cache-control'])}`).toBe(true);
    });
  }
});

describe('charset spellings of a JSON body', () => {
  const post = (contentType: string, body = '{"q":"Ação"}') =>
    t.app.inject({
      method: 'POST',
      url: '/api/novas-unidades/list',
      headers: { ...bearer(token), 'content-type': contentType },
      payload: Buffer.from(body),
    });

  it.each([
    'application/json; charset="utf-8"',
    'application/json; charset=UTF8',
    'application/json; charset=utf-8; foo=bar',
    'application/json;charset=utf-8',
    'application/json; foo=bar; charset=UTF-8',
  ])('%s is read as UTF-8 (200)', async (type) => {
    expect((await post(type)).statusCode).toBe(200);
  });

  it.each([
    'application/json; charset="latin1"',
    'application/json; foo=bar; charset=iso-8859-1',
    'application/json; charset=us-ascii',
    'application/json; charset=utf-7',
    'application/json; charset=utf-16le',
  ])('%s is refused with 400', async (type) => {
    const res = await post(type, '{"q":"UC"}');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 1,
      msg: 'O corpo da requisição precisa estar em UTF-8 (charset=utf-8).',
    });
  });

  it('bytes that are not UTF-8 under charset=utf-8 are refused, not replaced', async () => {
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/novas-unidades/list',
      headers: { ...bearer(token), 'content-type': 'application/json; charset=utf-8' },
      payload: Buffer.concat([Buffer.from('{"q":"A'), Buffer.from([0xe7, 0xe3]), Buffer.from('o"}')]),
    });
    expect(raw.statusCode).toBe(400);
  });
});

describe('invalid UTF-8 outside the JSON body', () => {
  it('a query string with %FF or a broken pair: never a 5xx', async () => {
    for (const q of ['%FF', '%C3%28', '%E0%A4%A', '%ED%A0%80']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/novas-unidades/list/exportar?formato=csv&q=${q}`,
        headers: bearer(token),
      });
      expect(res.statusCode, `${q}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
      expect(noStore(res)).toBe(true);
    }
  });
});
