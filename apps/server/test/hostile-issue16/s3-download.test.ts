import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, type TestApp } from '../support/test-app.ts';
import { multipart, newUnitPayload, PDF, PNG, readRequest } from '../support/requests.ts';
import { startS3Emulator, type S3Emulator } from '../storage/s3-emulator.ts';

/**
 * Hostile review of issue 16's S3 storage: a download from the bucket keeps the headers GUIDE §7
 * asks of every attachment, and a forged URL never reaches another object.
 */
let emulator: S3Emulator;
let t: TestApp;
let requester: string;

beforeAll(async () => {
  emulator = await startS3Emulator('portal-h16', 'h16/');
  t = await createTestApp({ s3: emulator.config, orphanSweepIntervalMs: 0 });
  requester = await login(t.app, 'solicitante@demo.portal');
});
afterAll(async () => {
  await t?.close();
  await emulator?.close();
});

describe('downloads from S3 (issue 16)', () => {
  it('an attachment declared text/html is served as the sniffed type with nosniff, a sandboxing CSP and its name', async () => {
    const body = multipart(await newUnitPayload(t.app), [
      { field: 'fatura', filename: 'fatura.pdf', contentType: 'application/pdf', data: PDF },
      { field: 'comprovante_pagamento', filename: '<script>x.png', contentType: 'text/html', data: PNG },
      { field: 'autorizacao', filename: 'autorizacao.pdf', contentType: 'application/pdf', data: PDF },
    ]);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/unidades/add',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(requester) },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const record = await readRequest(t.app, requester, 'unidades', saved.json().dados.id);
    const url = record.comprovante_pagamento as string;
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(requester) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain('sandbox');
    // The original name, as GUIDE §7 asks, percent-encoded in filename*.
    expect(String(res.headers['content-disposition'])).toContain("filename*=UTF-8''%3Cscript%3Ex.png");

    // Forged variants of the same URL: traversal, another key spelled in, a signed-out client.
    for (const forged of [
      url.replace(/\/[^/]+$/, '/..%2F..%2Fh16'),
      url.replace(/\/[^/]+$/, '/%2e%2e'),
      `${url}/../../../../h16/`,
      url.replace(/\d+$/, '0'),
      url.replace(/\d+$/, '99999999'),
    ]) {
      const other = await t.app.inject({ method: 'GET', url: forged, headers: bearer(requester) });
      expect(other.statusCode, forged).toBeGreaterThanOrEqual(400);
      expect(other.statusCode, forged).toBeLessThan(500);
      expect(other.rawPayload.equals(PNG), forged).toBe(false);
    }
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});
