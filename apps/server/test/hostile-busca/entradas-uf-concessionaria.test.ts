import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concessionarias } from '../../src/db/schema.ts';
import { createTestApp, is4xx, loginDemo, type TestApp } from '../support/test-app.ts';
import { call } from '../support/requests.ts';
import { insertRows, LISTS } from '../hostile/support.ts';

/**
 * Hostile: the list's uf and concessionaria filters (and the paging that sizes the search's count)
 * with values the schema does not expect. GUIDE §7: a 4xx in Portuguese naming the field, never a
 * 500, never silently widened (a filter dropped answers more rows than asked for).
 */
let t: TestApp;
let tok: Record<string, string> = {};
let conc = 0;

beforeAll(async () => {
  t = await createTestApp();
  tok = await loginDemo(t.app, ['admin', 'solicitante']);
  conc = (await t.app.db.select({ id: concessionarias.id }).from(concessionarias).limit(1))[0]!.id;
  await insertRows(t.app, [
    { uf: 'SP', idConcessionaria: conc },
    { uf: 'RJ' },
    { uf: 'PI' },
    { uf: 'SC' },
    { uf: null },
  ]);
});
afterAll(() => t.close());

const list = (body: Record<string, unknown>, who = 'admin') =>
  call(t.app, tok[who]!, LISTS.energiaNova, body);

describe('uf: anything but one of the 27 UFs is a 4xx naming UF', () => {
  it.each<[string, unknown]>([
    ['an array', ['SP']],
    ['two UFs in an array', ['SP', 'RJ']],
    ['an object', { $ne: 'SP' }],
    ['null', null],
    ['a number', 35],
    ['a boolean', true],
    ['three letters', 'SPX'],
    ['one letter', 'S'],
    ['no UF', 'XX'],
    ['a NUL byte', 'SP\u0000'],
    ['a lone surrogate', '\ud800P'],
    ['a LIKE wildcard', 'S%'],
    ['Todos', 'Todos'],
    ['a long string', 'S'.repeat(10_000)],
    // toUpperCase() maps these non-ASCII letters onto ASCII ones: ſ (long s) → S, ı (dotless i) → I.
    ['a long s standing for S', 'ſp'],
    ['a dotless i standing for I', 'pı'],
    ['a long s in Santa Catarina', 'ſc'],
  ])('%s', async (_, uf) => {
    const res = await list({ uf });
    expect(is4xx(res.statusCode), `${res.statusCode} ${res.body.slice(0, 200)}`).toBe(true);
    expect(res.json()).toMatchObject({ error: 1, campo: 'uf', msg: 'UF inválida.' });
  });

  it.each([['sp'], [' SP'], ['SP '], [' sp ']])(
    '%j is refused or read as SP exactly (never the whole list)',
    async (uf) => {
      const res = await list({ uf, per_page: 50 });
      if (is4xx(res.statusCode)) return expect(res.json().campo).toBe('uf');
      expect(res.statusCode).toBe(200);
      const rows = res.json().dados as { uf: string }[];
      expect(rows.map((r) => r.uf)).toEqual(['SP']);
      expect(res.json().total).toBe(1);
    },
  );
});

describe('concessionaria: anything but a row id is a 4xx naming Concessionária', () => {
  it.each<[string, unknown]>([
    ['an array', [1]],
    ['an object', { id: 1 }],
    ['null', null],
    ['zero (the counters\' "none")', 0],
    ['zero as text', '0'],
    ['negative', -1],
    ['a fraction', 1.5],
    ['past a PostgreSQL integer', 2_147_483_648],
    ['huge', 1e300],
    ['exponent text', '1e3'],
    ['hex text', '0x10'],
    ['a boolean', true],
    ['full-width digits', '７'],
    ['NaN text', 'NaN'],
    ['Infinity text', 'Infinity'],
  ])('%s', async (_, concessionaria) => {
    const res = await list({ concessionaria });
    expect(is4xx(res.statusCode), `${res.statusCode} ${res.body.slice(0, 200)}`).toBe(true);
    expect(res.json()).toMatchObject({
      error: 1,
      campo: 'concessionaria',
      msg: 'O campo Concessionária é inválido.',
    });
  });

  it('zero never reads the counters\' "none" row: requests without a concessionaire are not what concessionaria=0 answers', async () => {
    const res = await list({ concessionaria: 0 });
    expect(res.statusCode).not.toBe(200);
  });

  it('a concessionaire id no row holds answers an empty list with total 0, for the requester too', async () => {
    for (const who of ['admin', 'solicitante']) {
      const res = await list({ concessionaria: 2_147_483_647 }, who);
      expect([res.statusCode, res.json().dados, res.json().total, res.json().total_limitado]).toEqual([
        200,
        [],
        0,
        false,
      ]);
    }
  });
});

describe('paging values that size the count: never a 500, never an overflow', () => {
  it.each<[string, Record<string, unknown>]>([
    ['page past a PostgreSQL integer', { page: 2_147_483_648 }],
    ['page 10^12', { page: 1e12 }],
    ['page negative', { page: -1 }],
    ['page zero', { page: 0 }],
    ['page fraction', { page: 1.5 }],
    ['per_page not offered', { per_page: 1000 }],
    ['per_page zero', { per_page: 0 }],
    ['per_page negative', { per_page: -10 }],
  ])('%s is a 4xx naming the field', async (_, paging) => {
    const res = await list({ q: 'HU', ...paging });
    expect(is4xx(res.statusCode), `${res.statusCode} ${res.body}`).toBe(true);
    expect(Object.keys(paging)).toContain(res.json().campo);
  });

  it.each([
    [
      'the last page a client may ask for, with a two-character search',
      { page: 2_147_483_647, per_page: 50, q: 'HU' },
    ],
    [
      'the same with a three-character search and a UF',
      { page: 2_147_483_647, per_page: 50, q: 'HU0', uf: 'SP' },
    ],
    ['the same continuing after a row', { page: 2_147_483_647, per_page: 50, q: 'HU', sort: 'id', apos: 1 }],
    ['page 10^9 by the default page size', { page: 1e9, q: 'HU' }],
  ])('%s answers an empty page and the exact total (the count stops at the matches)', async (_, body) => {
    const res = await list(body);
    expect(res.statusCode, res.body).toBe(200);
    const exact = await list({ ...body, page: 1, apos: undefined, per_page: 50 });
    expect(res.json()).toMatchObject({ dados: [], total: exact.json().total, total_limitado: false });
  });
});
