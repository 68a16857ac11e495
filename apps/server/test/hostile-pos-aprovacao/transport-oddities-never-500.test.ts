import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../support/test-app.ts';
import { harness, is4xx, preValidation, type Harness } from './support.ts';

/**
 * What a hostile client does below the schema: other methods, oversized and deeply nested bodies,
 * JSON numbers beyond double range, odd charsets and encodings. Always a 4xx, never a 500; the
 * menu rule still answers first for outsiders; nothing is written.
 */
let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h.t.close());

const inject = (
  who: string | null,
  method: string,
  path: string,
  payload?: string | Buffer,
  headers: Record<string, string> = {},
) =>
  h.t.app.inject({
    method: method as 'POST',
    url: `/api/pos-aprovacao/${path}`,
    payload,
    headers: { ...(who ? bearer(h.tokens[who]!) : {}), 'content-type': 'application/json', ...headers },
  });

describe('transport oddities', () => {
  it('GET, PUT, DELETE, PATCH on the calls are 4xx', async () => {
    for (const path of ['list', 'registro', 'validar', 'acompanhar']) {
      for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
        const res = await inject(
          'amee',
          method,
          path,
          method === 'GET' || method === 'DELETE' ? undefined : '{}',
        );
        expect(is4xx(res.statusCode), `${method} ${path}: ${res.statusCode}`).toBe(true);
      }
    }
  });

  it('a 2 MB body: 403 for an outsider (authorized before reading), 413 for the provider', async () => {
    const big = JSON.stringify({ lista: 'pre-validacao', q: 'x'.repeat(2 * 1024 * 1024) });
    expect((await inject('celula', 'POST', 'list', big)).statusCode).toBe(403);
    expect((await inject('amee', 'POST', 'list', big)).statusCode).toBe(413);
  });

  it('a deeply nested value in a text field is a 4xx, never a 500', async () => {
    const u = await h.unit();
    const depth = 50_000;
    const nested = '['.repeat(depth) + ']'.repeat(depth);
    const base = JSON.stringify(preValidation(u));
    for (const field of ['observacao', 'responsavel', 'id', 'tipo']) {
      const payload = base.replace(/}$/, `,"${field}":${nested}}`);
      const res = await inject('amee', 'POST', 'validar', payload);
      expect(is4xx(res.statusCode), `${field}: ${res.statusCode} ${res.body.slice(0, 100)}`).toBe(true);
    }
    expect(await h.effects(u.id)).toMatchObject({ validacoes: 0, version: u.version });
  });

  it('JSON numbers beyond double range (1e400 → Infinity, -1e400, 1e-400) in every numeric field are 4xx', async () => {
    const u = await h.unit();
    const broken: string[] = [];
    for (const field of ['id', 'version', 'tipo', 'status']) {
      for (const n of ['1e400', '-1e400', '1e-400', '-0']) {
        const body = JSON.stringify(preValidation(u)).replace(
          new RegExp(`"${field}":[^,}]+`),
          `"${field}":${n}`,
        );
        const res = await inject('amee', 'POST', 'validar', body);
        if (!is4xx(res.statusCode)) broken.push(`${field}=${n}: ${res.statusCode} ${res.body.slice(0, 100)}`);
      }
    }
    for (const n of ['1e400', '-1e400']) {
      for (const field of ['page', 'per_page']) {
        const res = await inject('amee', 'POST', 'list', `{"lista":"pre-validacao","${field}":${n}}`);
        if (!is4xx(res.statusCode)) broken.push(`list ${field}=${n}: ${res.statusCode}`);
      }
      const res = await inject(
        'amee',
        'POST',
        'acompanhar',
        `{"id":${u.id},"version":${u.version},"situacao":${n}}`,
      );
      if (!is4xx(res.statusCode)) broken.push(`situacao=${n}: ${res.statusCode}`);
    }
    expect(broken).toEqual([]);
    expect(await h.effects(u.id)).toMatchObject({ validacoes: 0, version: u.version });
  });

  it('odd charsets and content encodings are refused or read correctly, never a 500', async () => {
    const body = JSON.stringify({ lista: 'pre-validacao' });
    const oddities: Record<string, string>[] = [
      { 'content-type': 'application/json; charset=utf-16' },
      { 'content-type': 'application/json; charset=latin1' },
      { 'content-type': 'application/JSON' },
      { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      { 'content-type': 'application/json', 'content-encoding': 'br' },
      { 'content-type': 'application/json', 'content-length': '3' },
    ];
    for (const headers of oddities) {
      const res = await inject('amee', 'POST', 'list', body, headers);
      expect(res.statusCode, `${JSON.stringify(headers)}: ${res.body.slice(0, 80)}`).toBeLessThan(500);
    }
    const bytes = Buffer.concat([
      Buffer.from('{"lista":"pre-validacao","q":"'),
      Buffer.from([0xff, 0xfe, 0xc3]),
      Buffer.from('"}'),
    ]);
    const res = await inject('amee', 'POST', 'list', bytes);
    expect(res.statusCode).toBeLessThan(500);
  });
});
