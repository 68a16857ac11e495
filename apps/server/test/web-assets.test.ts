import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from './support/test-app.ts';

/**
 * Issue 12 "a first screen that loads light": the built web app travels compressed, its hashed
 * assets are cached for good, and the page that names them is revalidated on every visit.
 */
let t: TestApp;
let webDist: string;
const SCRIPT = `export const app = ${JSON.stringify('x'.repeat(5000))};`;
beforeAll(async () => {
  webDist = await mkdtemp(path.join(os.tmpdir(), 'portal-web-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(
    path.join(webDist, 'index.html'),
    '<!doctype html><script src="/assets/index-abc123.js"></script>',
  );
  await writeFile(path.join(webDist, 'assets', 'index-abc123.js'), SCRIPT);
  t = await createTestApp({ webDist });
});
afterAll(async () => {
  await t.close();
  await rm(webDist, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('a hashed asset: brotli when the browser takes it, cached for a year as immutable', async () => {
    const res = await t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('index.html and every client route: revalidated on each visit, so a release is seen at once', async () => {
    for (const url of ['/', '/index.html', '/dashboard']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('JSON answers are compressed too (gzip when that is what the client takes)', async () => {
    const token = await login(t.app, 'celula@demo.portal');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/usuarios/list',
      payload: { per_page: 50 },
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(res.rawPayload).toString())).toMatchObject({ error: 0 });
  });
});
