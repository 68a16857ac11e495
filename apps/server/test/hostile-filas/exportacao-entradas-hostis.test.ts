import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportacoes, filaTarefas } from '../../src/db/schema.ts';
import { bearer, createTestApp, is4xx, loginDemo, type TestApp } from '../support/test-app.ts';
import { askExport, get } from '../exportacoes/support.ts';

/**
 * Hostile review of issue 16, POST /api/exportacoes and its reading calls under input no screen
 * sends: every one a 4xx in Portuguese naming what is wrong, never a 500, nothing recorded or queued.
 */
let t: TestApp;
let tokens: Record<string, string>;
const REPORT = 'novas-unidades/relatorio/exportar';
/** zod's or Fastify's own English, leaking instead of a pt-BR message. */
const ENGLISH = /expected|received|invalid input|required|must be|unrecognized|body\//i;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginDemo(t.app, ['celula']);
});
afterAll(() => t.close());

const show = (v: unknown) => JSON.stringify(v)?.slice(0, 120);
const recorded = async () => ({
  exports: (await t.app.db.select({ n: count() }).from(exportacoes))[0]!.n,
  tasks: (await t.app.db.select({ n: count() }).from(filaTarefas))[0]!.n,
});

/** Sends each payload; answers every one that was not a Portuguese 4xx. */
async function refusals(payloads: unknown[], field?: string) {
  const broken: string[] = [];
  for (const payload of payloads) {
    const res = await askExport(t.app, tokens.celula!, payload);
    const what = show(payload);
    if (!is4xx(res.statusCode)) {
      broken.push(`${what}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      continue;
    }
    const json = res.json() as { msg?: string; campo?: string };
    if (!json.msg || ENGLISH.test(json.msg))
      broken.push(`${what}: no pt-BR message: ${res.body.slice(0, 160)}`);
    if (field && !(json.campo ?? '').startsWith(field))
      broken.push(`${what}: names ${json.campo}, not ${field}`);
  }
  return broken;
}

describe('origem', () => {
  it('an origin encoded, spelled otherwise, far too long or not a string is refused, nothing recorded', async () => {
    const before = await recorded();
    const origins: unknown[] = [
      encodeURIComponent(REPORT),
      encodeURIComponent(encodeURIComponent(REPORT)),
      `${REPORT}/`,
      `/${REPORT}`,
      REPORT.toUpperCase(),
      ` ${REPORT}`,
      `${REPORT}\u0000`,
      `${REPORT}%00`,
      REPORT.replace('/', '\u2215'),
      'novas-unidades/relatorio/./exportar',
      'usuarios/exportar',
      'logs/exportar',
      'admin/tarefas',
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
      '\ud800',
      'x'.repeat(100_000),
      null,
      42,
      [REPORT],
      { toString: REPORT },
      true,
    ];
    expect(
      await refusals(
        origins.map((origem) => ({ origem, formato: 'csv' })),
        'origem',
      ),
    ).toEqual([]);
    expect(await recorded()).toEqual(before);
  });
});

describe('formato', () => {
  it('a format other than xlsx or csv, however spelled, is refused naming formato', async () => {
    const before = await recorded();
    const formats: unknown[] = [
      'XLSX',
      'Csv',
      'xls',
      'pdf',
      'html',
      'json',
      '',
      ' csv',
      'csv\u0000',
      null,
      1,
      ['csv'],
      {},
    ];
    expect(
      await refusals(
        formats.map((formato) => ({ origem: REPORT, formato })),
        'formato',
      ),
    ).toEqual([]);
    expect(await recorded()).toEqual(before);
  });
});

describe('filtros', () => {
  it('filters that are no object, hide a prototype or carry what the list would not read are refused', async () => {
    const before = await recorded();
    const filters: unknown[] = [
      null,
      'status=1',
      42,
      [],
      JSON.parse('{"__proto__": {"id_regional": 5}}'),
      { constructor: { prototype: { admin: true } } },
      { status: { $ne: null } },
      { status: Array.from({ length: 10_000 }, (_, i) => i) },
      { q: 'ab\u0000cd' },
      { q: '\ud800ab' },
      { q: 'a'.repeat(100_000) },
      { de: '2026-02-30' },
      { de: '0000-01-01' },
      { de: '99999-01-01' },
      { ate: '2026-13-01' },
      { page: 1e308 },
      { per_page: 1_000_000 },
      { sort: 'id; drop table usuarios' },
      { order: 'sideways' },
      { id: 1 },
      Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`f${i}`, i])),
    ];
    const broken = await refusals(filters.map((filtros) => ({ origem: REPORT, formato: 'csv', filtros })));
    expect(broken).toEqual([]);
    expect(await recorded()).toEqual(before);
  });

  it('a prototype smuggled in the filters is refused in Portuguese before anything is read', async () => {
    const before = await recorded();
    const res = await askExport(t.app, tokens.celula!, {
      origem: REPORT,
      formato: 'csv',
      filtros: JSON.parse('{"status": 1, "__proto__": {"status": 2}}'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).not.toMatch(ENGLISH);
    expect(await recorded()).toEqual(before);
  });
});

describe('ids and sessions', () => {
  it('a forged export id, in the record or the file address, is a Portuguese 4xx, never a 500', async () => {
    const broken: string[] = [];
    for (const id of ['0', '-1', '1.5', '1e3', '0x10', 'abc', '%00', '2147483648', '9'.repeat(40), 'NaN']) {
      for (const url of [`/api/exportacoes/${id}`, `/api/exportacoes/${id}/arquivo`]) {
        const res = await get(t.app, tokens.celula!, url);
        if (!is4xx(res.statusCode) || ENGLISH.test(res.json().msg ?? 'sem mensagem'))
          broken.push(`${url}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('without a valid session every call is 401, before any body or id is read', async () => {
    for (const headers of [{}, bearer('forjado'), { authorization: 'Basic Y2VsdWxhOnNlbmhh' }]) {
      const calls = [
        t.app.inject({ method: 'POST', url: '/api/exportacoes', headers, payload: { origem: REPORT } }),
        t.app.inject({
          method: 'POST',
          url: '/api/exportacoes',
          headers: { ...headers, 'content-type': 'application/json' },
          payload: '{"origem": ',
        }),
        t.app.inject({ method: 'GET', url: '/api/exportacoes', headers }),
        t.app.inject({ method: 'GET', url: '/api/exportacoes/abc', headers }),
        t.app.inject({ method: 'GET', url: '/api/exportacoes/1/arquivo', headers }),
      ];
      for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(401);
    }
  });
});
