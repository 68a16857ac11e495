import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_LOG_MAX_ROWS } from '@portal/domain/contracts/audit-log';
import { harness, is4xx, rowsOf, show, type Harness } from './support.ts';

/**
 * GUIDE §7: every input the schema does not expect gets a 4xx naming the field (NUL bytes, lone
 * surrogates, out-of-range ids and dates included), never a 500; every message in Portuguese.
 * Each probe is collected; a test lists every one that broke the rule.
 */
let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h.t.close());

/** zod's or Fastify's own English, leaking instead of the field's pt-BR message. */
const ENGLISH = /expected|received|invalid input|required|must be|unrecognized|body\//i;

async function probe(field: string, label: string, values: unknown[], base: Record<string, unknown> = {}) {
  const broken: string[] = [];
  for (const value of values) {
    const res = await h.list({ ...base, [field]: value });
    const what = `${field}=${show(value)}`;
    if (!is4xx(res.statusCode)) {
      broken.push(`${what}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      continue;
    }
    const json = res.json() as { error?: number; msg?: string; campo?: string };
    if (json.error !== 1) broken.push(`${what}: not the error envelope: ${res.body.slice(0, 160)}`);
    if (json.campo !== field && !(json.msg ?? '').includes(label))
      broken.push(`${what}: does not name the field: ${res.body.slice(0, 160)}`);
    if (!json.msg || ENGLISH.test(json.msg))
      broken.push(`${what}: no pt-BR message: ${res.body.slice(0, 160)}`);
  }
  return broken;
}

const BAD_NUMBERS: unknown[] = [
  0,
  -1,
  1.5,
  2 ** 31,
  2 ** 53 + 2,
  1e308,
  '1e3',
  '0x10',
  '-1',
  'abc',
  [1],
  [],
  {},
  true,
  '\u0000',
  '9'.repeat(400),
];

describe('page and per_page', () => {
  it('zero, negative, fractional, huge, non-numeric pages are a 4xx naming Página', async () => {
    expect(await probe('page', 'Página', BAD_NUMBERS)).toEqual([]);
  });

  it('a page size outside the offered ones is a 4xx naming the page size', async () => {
    expect(
      await probe('per_page', 'por página', [
        0,
        7,
        100,
        1000,
        -10,
        1e308,
        2 ** 31,
        'dez',
        '10abc',
        [],
        {},
        true,
        10.5,
      ]),
    ).toEqual([]);
  });

  it(`a page past the newest ${AUDIT_LOG_MAX_ROWS} rows is a 4xx naming Página that asks for a filter, for every page size`, async () => {
    const broken: string[] = [];
    for (const per of [5, 10, 25, 50]) {
      const last = AUDIT_LOG_MAX_ROWS / per;
      const ok = await h.list({ per_page: per, page: last });
      if (ok.statusCode !== 200)
        broken.push(`per ${per} page ${last}: ${ok.statusCode} ${ok.body.slice(0, 120)}`);
      for (const page of [last + 1, last * 10, 2 ** 31 - 1]) {
        const res = await h.list({ per_page: per, page });
        if (!is4xx(res.statusCode) || res.json().campo !== 'page' || !/filtros/.test(res.json().msg ?? ''))
          broken.push(`per ${per} page ${page}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('a page within the window but past the rows answers an empty page with the real total', async () => {
    const all = (await h.list({ per_page: 50 })).json();
    expect(all.total_limitado).toBe(false);
    const res = await h.list({ per_page: 5, page: 1999 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ dados: [], total_limitado: false });
    expect(res.json().total).toBeGreaterThanOrEqual(all.total);
  });
});

describe('filters', () => {
  it('id_usuario of another type, out of range or with odd characters is a 4xx naming Usuário', async () => {
    expect(
      await probe('id_usuario', 'Usuário', [
        ...BAD_NUMBERS,
        'A\u0000',
        '\uD800',
        'admin',
        { $gt: 0 },
        'null',
      ]),
    ).toEqual([]);
  });

  it('a malformed entity is a 4xx naming Entidade', async () => {
    expect(
      await probe('entidade', 'Entidade', [
        'regional\u0000',
        '\uD800',
        'a\uDC00b',
        'x'.repeat(61),
        'x'.repeat(100_000),
        123,
        [],
        ['regional'],
        {},
        { $ne: 1 },
        true,
        'Regional',
        '__proto__',
        "regional' or '1'='1",
        'regional; drop table audit_log',
        '%',
        'regional%',
        ' regional',
      ]),
    ).toEqual([]);
  });

  it('a malformed action code is a 4xx naming Ação', async () => {
    expect(
      await probe('acao', 'Ação', [
        'LOGIN',
        'Login',
        'login\u0000',
        ' login',
        'login ',
        '__proto__',
        'toString',
        'login; drop table audit_log',
        123,
        [],
        ['login'],
        {},
        true,
        '\uD800',
        'x'.repeat(10_000),
      ]),
    ).toEqual([]);
  });

  it('a well-formed action code nobody wrote is a 4xx naming Ação or an empty list, never rows, never a 500', async () => {
    const broken: string[] = [];
    for (const acao of ['hackear', 'constructor', 'hasownproperty', 'valueof', 'login-x']) {
      const res = await h.list({ acao });
      const ok =
        (is4xx(res.statusCode) && (res.json().campo === 'acao' || /Ação/.test(res.json().msg ?? ''))) ||
        (res.statusCode === 200 && res.json().total === 0 && res.json().dados.length === 0);
      if (!ok) broken.push(`acao=${acao}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(broken).toEqual([]);
  });

  const BAD_DATES: unknown[] = [
    '2026-02-30',
    '2025-02-29',
    '2026-04-31',
    '0000-01-01',
    '99999-01-01',
    '2026-13-01',
    '2026-00-10',
    '2026-01-00',
    '2026-1-1',
    '2026-01-01T00:00:00Z',
    '2026-01-01 00:00',
    '01/02/2026',
    '+002026-01-01',
    '-2026-01-01',
    'infinity',
    '-infinity',
    'epoch',
    'today',
    'now',
    '2026-01-01\u0000',
    '\uD800',
    20260101,
    1767225600000,
    [],
    ['2026-01-01'],
    {},
    true,
  ];

  it('an impossible or malformed De is a 4xx naming De', async () => {
    expect(await probe('de', 'De', BAD_DATES)).toEqual([]);
  });

  it('an impossible or malformed Até is a 4xx naming Até', async () => {
    expect(await probe('ate', 'Até', BAD_DATES)).toEqual([]);
  });

  it('De after Até is a 4xx naming the period, whatever the distance', async () => {
    const broken: string[] = [];
    for (const [de, ate] of [
      ['2026-01-02', '2026-01-01'],
      ['9999-12-31', '0001-01-01'],
      ['2026-03-01', '2026-02-28'],
    ]) {
      const res = await h.list({ de, ate });
      if (
        !is4xx(res.statusCode) ||
        !['de', 'ate'].includes(res.json().campo) ||
        !/De.*Até/.test(res.json().msg)
      )
        broken.push(`${de}..${ate}: ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    expect(broken).toEqual([]);
  });

  it('the extreme valid dates (year 1, year 9999, far future, leap day) answer 200, never a 500', async () => {
    const broken: string[] = [];
    for (const body of [
      { de: '0001-01-01' },
      { ate: '0001-01-01' },
      { de: '9999-12-31' },
      { ate: '9999-12-31' },
      { de: '0001-01-01', ate: '9999-12-31' },
      { de: '9999-12-31', ate: '9999-12-31' },
      { de: '2028-02-29', ate: '2028-02-29' },
      { de: '2100-01-01' },
    ]) {
      const res = await h.list(body);
      if (res.statusCode !== 200) broken.push(`${show(body)}: ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    expect(broken).toEqual([]);
    // The whole calendar holds every entry; the far future none.
    const everything = (await h.list({ per_page: 50 })).json();
    const wide = (await h.list({ de: '0001-01-01', ate: '9999-12-31', per_page: 50 })).json();
    expect(wide.total).toBe(everything.total);
    expect((await h.list({ de: '9999-12-31' })).json()).toMatchObject({ total: 0, dados: [] });
    expect((await h.list({ ate: '0001-01-01' })).json()).toMatchObject({ total: 0, dados: [] });
  });
});

describe('the body itself', () => {
  it('prototype-poisoning keys are refused with a 4xx and pollute nothing', async () => {
    const broken: string[] = [];
    for (const payload of [
      '{"__proto__":{"acao":"hackear"}}',
      '{"acao":"login","__proto__":{"page":2}}',
      '{"constructor":{"prototype":{"page":2}}}',
      '{"__proto__":{"__proto__":{"polluted":1}}}',
      '{"acao":"login","constructor":{"prototype":{"polluted":1}}}',
    ]) {
      const res = await h.raw('admin', 'list', payload);
      if (!is4xx(res.statusCode)) broken.push(`${payload}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(broken).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).page).toBeUndefined();
    expect((await h.list({})).statusCode).toBe(200);
  });

  it('bodies that are not an object, not JSON, or too big are a 4xx, never a 500', async () => {
    const broken: string[] = [];
    for (const [payload, type] of [
      ['[]'],
      ['[{"page":1}]'],
      ['"x"'],
      ['1'],
      ['true'],
      ['{'],
      ['{"page":1,}'],
      ['{"page":1}', 'text/plain'],
      ['page=1', 'application/x-www-form-urlencoded'],
      ['<page>1</page>', 'application/xml'],
      [JSON.stringify({ entidade: 'x'.repeat(5_000_000) })],
      [`{"page":${'9'.repeat(100_000)}}`],
      [`${'['.repeat(5000)}${']'.repeat(5000)}`],
    ] as [string, string?][]) {
      const res = await h.raw('admin', 'list', payload, type);
      if (!is4xx(res.statusCode))
        broken.push(`${show(payload)} ${type ?? ''}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(broken).toEqual([]);
  });

  it('an unknown field never changes the answer nor causes a 500 (offset/limit cannot dig past the window)', async () => {
    const plain = (await h.list({ per_page: 5 })).json();
    for (const extra of [{ limit: 100000 }, { offset: 20000 }, { per_page_max: 1 }, { foo: { bar: [1] } }]) {
      const res = await h.list({ per_page: 5, ...extra });
      expect(res.statusCode).toBeLessThan(500);
      if (res.statusCode === 200)
        expect(rowsOf(res).map((r) => r.id)).toEqual(plain.dados.map((r: { id: number }) => r.id));
    }
  });
});
