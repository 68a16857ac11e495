import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Hostile review of issue 16's /metrics: nobody without the token reaches it by another spelling
 * of its path, its refusal is indistinguishable from an unknown path, and a scanner cannot grow
 * the label set without end.
 */
const TOKEN = 'token-de-metricas-hostil';
let t: TestApp;
beforeAll(async () => (t = await createTestApp({ metricsToken: TOKEN })));
afterAll(() => t?.close());

const scrape = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
  expect(res.statusCode).toBe(200);
  return res.body;
};

describe('/metrics under hostile paths (issue 16)', () => {
  it('no spelling of the path serves the metrics without the token', async () => {
    for (const url of [
      '/metrics/',
      '/METRICS',
      '/Metrics',
      '/metrics?token=' + TOKEN,
      '/api/../metrics',
      '/./metrics',
      '//metrics',
      '/metrics%2F',
      '/%6detrics',
      '/api/metrics',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.body, url).not.toContain('portal_http_request_duration_seconds');
      expect(res.body, url).not.toContain('process_cpu');
    }
  });

  it('the refusal is the same answer as any unknown path, so nobody learns /metrics exists', async () => {
    const refused = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer('errado') });
    const unknown = await t.app.inject({ method: 'GET', url: '/nao-existe-de-jeito-nenhum' });
    expect(refused.statusCode).toBe(unknown.statusCode);
    expect(refused.json()).toEqual(unknown.json());
    expect(refused.headers['content-type']).toBe(unknown.headers['content-type']);
  });

  it('a token sent with odd spacing or case of the scheme is refused, never a 500', async () => {
    for (const authorization of [
      `bearer ${TOKEN}`,
      `Bearer  ${TOKEN}`,
      `Bearer ${TOKEN} `,
      `Bearer`,
      ` Bearer ${TOKEN}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization } });
      expect([200, 404], authorization).toContain(res.statusCode);
      if (res.statusCode === 200) expect(authorization.trim()).toBe(`Bearer ${TOKEN}`);
    }
  });

  it('two hundred random URLs and every HTTP method add a bounded number of series, none with the raw URL', async () => {
    const before = (await scrape())
      .split('\n')
      .filter((l) => l.startsWith('portal_http_request_duration_seconds_count')).length;
    const marker = `scanner${Date.now()}`;
    for (let i = 0; i < 200; i++) {
      await t.app.inject({ method: 'GET', url: `/${marker}/${i}/a@b.com/../x?q=${i}` });
      await t.app.inject({ method: 'GET', url: `/api/${marker}-${i}` });
    }
    for (const method of [
      'DELETE',
      'PATCH',
      'PUT',
      'OPTIONS',
      'HEAD',
      'POST',
      'PROPFIND',
      'MKCOL',
      'SEARCH',
    ] as const) {
      await t.app.inject({ method, url: `/api/${marker}-m` });
    }
    const text = await scrape();
    expect(text).not.toContain(marker);
    expect(text).not.toContain('a@b.com');
    const after = text
      .split('\n')
      .filter((l) => l.startsWith('portal_http_request_duration_seconds_count')).length;
    // At most one series per method and status for every unmatched path.
    expect(after - before).toBeLessThanOrEqual(20);
  });
});
