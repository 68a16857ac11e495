import { afterAll, beforeAll, expect, it } from 'vitest';
import { anexos } from '../../src/db/schema.ts';
import { call, multipart, newUnitPayload, PDF, readRequest } from '../support/requests.ts';
import { bearer, createTestApp, loginDemo, type TestApp } from '../support/test-app.ts';

/**
 * RFC 8187 §3.2.1: the value of `filename*` is attr-char or %XX only; `'`, `(`, `)` and `*` are not
 * attr-char, and `'` is the ext-value's own delimiter (charset'lang'value). encodeURIComponent leaves
 * all four as they are. And the ASCII fallback should read "relatorio", not "relato_rio".
 */
let t: TestApp;
let url = '';
let tok: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  tok = await loginDemo(t.app, ['solicitante', 'regional', 'celula']);
  const created = await call(t.app, tok.solicitante!, '/api/novas-unidades/add', await newUnitPayload(t.app));
  const id = created.json().dados.id;
  await call(t.app, tok.regional!, '/api/novas-unidades/edit', { id, version: 1, status: 2 });
  await call(t.app, tok.celula!, '/api/novas-unidades/edit', { id, version: 2, status: 4 });
  const body = multipart({ id, version: 3, status: 4 }, [
    { field: 'complementar', filename: 'base.pdf', contentType: 'application/pdf', data: PDF },
  ]);
  await t.app.inject({
    method: 'POST',
    url: '/api/novas-unidades/edit',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(tok.celula!) },
  });
  url = (await readRequest(t.app, tok.celula!, 'novas-unidades', id)).complementar as string;
});
afterAll(() => t.close());

const DISPOSITION =
  /^(inline|attachment); filename="([\x20\x21\x23-\x5b\x5d-\x7e]*)"; filename\*=UTF-8''((?:[A-Za-z0-9!#$&+\-.^_`|~]|%[0-9A-F]{2})*)$/;

it.each(["aspa 'simples'.pdf", 'parênteses (1) e asterisco*.pdf'])(
  'filename* of %j is a valid RFC 8187 ext-value',
  async (name) => {
    await t.app.db.update(anexos).set({ nomeArquivo: name });
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(tok.celula!) });
    const cd = String(res.headers['content-disposition']);
    const m = DISPOSITION.exec(cd);
    expect([cd, m !== null]).toEqual([cd, true]);
    expect(decodeURIComponent(m![3]!)).toBe(name);
  },
);

it('the ASCII fallback drops accents instead of replacing them with "_"', async () => {
  await t.app.db.update(anexos).set({ nomeArquivo: 'relatório técnico.pdf' });
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(tok.celula!) });
  expect(String(res.headers['content-disposition'])).toContain('filename="relatorio tecnico.pdf"');
});
