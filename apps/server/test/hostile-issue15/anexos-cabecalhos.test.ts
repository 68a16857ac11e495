import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anexos } from '../../src/db/schema.ts';
import { call, multipart, newUnitPayload, PDF, PNG, readRequest } from '../support/requests.ts';
import { bearer, createTestApp, loginDemo, type TestApp } from '../support/test-app.ts';

/**
 * Hostile review of attachments served inline (issue 15 item 5; stored-file-reply.ts): the original
 * name reaches the browser only inside a well-formed Content-Disposition (RFC 6266 / RFC 8187), the
 * type is the sniffed kind's, never the client's, with nosniff and a sandboxing CSP.
 */
let t: TestApp;
let tok: Record<string, string> = {};
let id = 0;
let version = 0;

beforeAll(async () => {
  t = await createTestApp();
  tok = await loginDemo(t.app, ['solicitante', 'regional', 'celula']);
  const created = await call(t.app, tok.solicitante!, '/api/novas-unidades/add', await newUnitPayload(t.app));
  id = created.json().dados.id;
  await call(t.app, tok.regional!, '/api/novas-unidades/edit', { id, version: 1, status: 2 });
  await call(t.app, tok.celula!, '/api/novas-unidades/edit', { id, version: 2, status: 4 });
  version = 3;
});
afterAll(() => t.close());

async function upload(filename: string, contentType: string, data: Buffer) {
  const body = multipart({ id, version, status: 4 }, [
    { field: 'complementar', filename, contentType, data },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/novas-unidades/edit',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(tok.celula!) },
  });
  expect(res.statusCode, res.body).toBe(200);
  version = res.json().dados.version;
  const record = await readRequest(t.app, tok.celula!, 'novas-unidades', id);
  return record.complementar as string;
}
const fetchFile = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(tok.celula!) });

/** RFC 8187 ext-value: charset'lang'value-chars, value-chars = attr-char / pct-encoded. */
const DISPOSITION =
  /^(inline|attachment); filename="([\x20\x21\x23-\x5b\x5d-\x7e]*)"; filename\*=UTF-8''((?:[A-Za-z0-9!#$&+\-.^_`|~]|%[0-9A-F]{2})*)$/;

const NAMES = [
  'simples.pdf',
  'relatório técnico – São Paulo.pdf',
  'aspas "duplas".pdf',
  // "aspa 'simples'.pdf" and 'parênteses (1) e asterisco*.pdf': anexos-nome-rfc8187.pending.test.ts
  'barra\\invertida.pdf',
  'ponto;e;vírgula; filename=evil.html.pdf',
  'linha\r\nSet-Cookie: sessao=roubada.pdf',
  'nul\u0000byte.pdf',
  '%0d%0aX-Injetado: 1.pdf',
  'emoji 📄.pdf',
  'ﬁ ligadura ＡＢＣ.pdf',
];

describe('the original name reaches the browser only inside a well-formed Content-Disposition', () => {
  let url = '';
  beforeAll(async () => {
    url = await upload('base.pdf', 'application/pdf', PDF);
  });

  it.each(NAMES)('%j', async (name) => {
    // As stored by any path (an older row, an import): the reply must hold whatever the name is.
    await t.app.db
      .update(anexos)
      .set({ nomeArquivo: name.replaceAll('\u0000', '') })
      .where(eq(anexos.idSolicitacao, id));
    const res = await fetchFile(url);
    expect(res.statusCode).toBe(200);
    const cd = res.headers['content-disposition'];
    expect(typeof cd).toBe('string');
    const m = DISPOSITION.exec(cd as string);
    expect([name, cd, m !== null]).toEqual([name, cd, true]);
    expect(m![1]).toBe('inline');
    expect(decodeURIComponent(m![3]!)).toBe(name.replaceAll('\u0000', ''));
    for (const [h, v] of Object.entries(res.headers))
      expect([h, /[\r\n]/.test(String(v))]).toEqual([h, false]);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['x-injetado']).toBeUndefined();
  });
});

describe('type, nosniff and sandbox, whatever the client declared', () => {
  it('a PDF declared text/html is served application/pdf, inline, nosniff, sandboxed', async () => {
    const url = await upload('declarado.pdf', 'text/html', PDF);
    const res = await fetchFile(url);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toMatch(/(^|;\s*)sandbox(;|$)/);
    expect(res.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(res.headers['content-disposition']).toMatch(/^inline;/);
  });

  it('a PNG renamed .pdf is refused at upload, and PNG bytes named .png are served image/png', async () => {
    const body = multipart({ id, version, status: 4 }, [
      { field: 'complementar', filename: 'imagem.pdf', contentType: 'application/pdf', data: PNG },
    ]);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/novas-unidades/edit',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(tok.celula!) },
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    const url = await upload('imagem.png', 'text/html', PNG);
    const res = await fetchFile(url);
    expect(res.headers['content-type']).toBe('image/png');
  });

  it('a stored name whose kind is not pdf/jpg/png is never served inline nor as markup', async () => {
    const url = await upload('ok.pdf', 'application/pdf', PDF);
    for (const name of [
      'pagina.html',
      'vetor.svg',
      'script.js',
      'sem-extensao',
      'duplo.pdf.html',
      '.htaccess',
    ]) {
      await t.app.db.update(anexos).set({ nomeArquivo: name }).where(eq(anexos.idSolicitacao, id));
      const res = await fetchFile(url);
      expect([name, res.headers['content-disposition']?.toString().startsWith('attachment;')]).toEqual([
        name,
        true,
      ]);
      expect([name, String(res.headers['content-type'])]).not.toEqual([
        name,
        expect.stringMatching(/html|svg|javascript|xml/),
      ]);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it.each(['0', '-1', 'abc', '1e3', '99999999999999999999', '1%00', '1;1'])(
    'GET /api/arquivos/%s is a 4xx',
    async (raw) => {
      const res = await fetchFile(`/api/arquivos/${raw}`);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    },
  );
});
