import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { regularizacoes, solicitacoes } from '../../src/db/schema.ts';
import { bearer, createTestApp, login, type TestApp } from '../support/test-app.ts';
import { call, newUnitPayload } from '../support/requests.ts';
import { csvObjects } from '../support/csv.ts';

/** Hostile: the report filters, with type confusion, odd dates and odd searches. */
let t: TestApp;
let celula: string;
const mine: number[] = [];
beforeAll(async () => {
  t = await createTestApp();
  celula = await login(t.app, 'celula@demo.portal');
  const requester = await login(t.app, 'solicitante@demo.portal');
  for (let i = 0; i < 7; i++) {
    const res = await call(
      t.app,
      requester,
      '/api/novas-unidades/add',
      await newUnitPayload(t.app, { endereco_id: `FILT${i}`, cep: '01310-100' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    mine.push(res.json().dados.id);
  }
  await t.app.db
    .update(solicitacoes)
    .set({ unidade: 'MESMAUC' })
    .where(inArray(solicitacoes.id, mine.slice(0, 4)));
}, 60_000);
afterAll(() => t.close());

const report = (body: unknown, path = 'novas-unidades/relatorio') =>
  call(t.app, celula, `/api/${path}`, body);
const exportOf = (query: string, path = 'novas-unidades/relatorio') =>
  t.app.inject({ method: 'GET', url: `/api/${path}/exportar?${query}`, headers: bearer(celula) });
const PATHS = [
  'novas-unidades/relatorio',
  'consolidacao/relatorio',
  'agua/unidades/relatorio',
  'agua/consolidacao/relatorio',
];

describe('hostile dates', () => {
  it.each([
    ['2026-02-30'],
    ['2026-13-01'],
    ['0000-01-01'],
    ['2026-01-01T10:00:00'],
    ['2026-01-01T00:00:00Z'],
    ['2026-01-01T00:00:00-03:00'],
    ['01/01/2026'],
    ['2026-1-1'],
    ['+02026-01-01'],
    ['20260101'],
  ])('de=%s is refused with the field named, page and export, on every report', async (de) => {
    for (const path of PATHS) {
      const res = await report({ de }, path);
      expect(res.statusCode, `${path}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${path}: ${res.body}`).toBeLessThan(500);
      expect(res.json().campo, path).toBe('de');
      const file = await exportOf(`de=${encodeURIComponent(de)}`, path);
      expect(file.statusCode, path).toBeGreaterThanOrEqual(400);
      expect(file.statusCode, path).toBeLessThan(500);
    }
  });

  it.each([
    [{ de: 20260101 }],
    [{ de: ['2026-01-01'] }],
    [{ de: { toString: '2026-01-01' } }],
    [{ ate: true }],
  ])('type confusion in the dates is refused (4xx): %j', async (body) => {
    for (const path of PATHS) {
      const res = await report(body, path);
      expect(res.statusCode, `${path}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${path}: ${res.body}`).toBeLessThan(500);
    }
  });

  it('extreme but valid dates answer 200 (no database error): 0001-01-01 .. 9999-12-31', async () => {
    for (const path of PATHS) {
      for (const body of [
        { de: '0001-01-01' },
        { ate: '0001-01-01' },
        { de: '9999-12-31' },
        { ate: '9999-12-31' },
        { de: '0001-01-01', ate: '9999-12-31' },
        { de: '2024-02-29', ate: '2024-02-29' },
      ]) {
        const res = await report(body, path);
        expect(res.statusCode, `${path} ${JSON.stringify(body)}: ${res.body}`).toBe(200);
      }
      const file = await exportOf('de=9999-12-31&ate=9999-12-31&formato=csv', path);
      expect(file.statusCode, path).toBe(200);
      expect(file.headers['x-total-registros']).toBe('0');
      const wide = await exportOf('de=0001-01-01&ate=9999-12-31&formato=csv', path);
      expect(wide.statusCode, path).toBe(200);
    }
  });

  it('the full range equals no range (the totals agree)', async () => {
    for (const path of PATHS) {
      const all = (await report({}, path)).json().total;
      const wide = (await report({ de: '0001-01-01', ate: '9999-12-31' }, path)).json().total;
      // Rows without a date fall out of a range, but every request has a data_pedido.
      if (!path.includes('consolidacao')) expect(wide, path).toBe(all);
    }
  });

  it('a reversed range on the export is refused with campo ate, like the page', async () => {
    for (const path of PATHS) {
      const res = await exportOf('de=2026-02-01&ate=2026-01-01', path);
      expect(res.statusCode, path).toBe(422);
      expect(res.json().campo).toBe('ate');
    }
  });

  it('a request made at 23:30 in Brasília (02:30 UTC the next day) belongs to its Brasília day', async () => {
    await t.app.db
      .update(solicitacoes)
      .set({ dataPedido: new Date('2025-03-11T02:30:00Z') })
      .where(eq(solicitacoes.id, mine[6]!));
    expect((await report({ q: 'FILT6', de: '2025-03-10', ate: '2025-03-10' })).json().total).toBe(1);
    expect((await report({ q: 'FILT6', de: '2025-03-11', ate: '2025-03-11' })).json().total).toBe(0);
    const [row] = (await report({ q: 'FILT6' })).json().dados;
    expect(row.data_pedido).toBe('2025-03-10T23:30:00');
  });
});

describe('hostile paging, status and sort', () => {
  it.each([
    [{ page: 0 }],
    [{ page: -1 }],
    [{ page: 1.5 }],
    [{ page: '1e3' }],
    [{ page: 2 ** 53 }],
    [{ page: '99999999999999999999999' }],
    [{ page: [1] }],
    [{ per_page: 7 }],
    [{ per_page: 51 }],
    [{ per_page: -10 }],
    [{ per_page: '10; drop table usuarios' }],
    [{ status: -1 }],
    [{ status: 1.5 }],
    [{ status: 99999 }],
    [{ status: '1 or 1=1' }],
    [{ status: [1, 2] }],
    [{ sort: 'id desc' }],
    [{ sort: 'data_pedido;select' }],
    [{ sort: '__proto__' }],
    [{ sort: 'toString' }],
    [{ sort: 'hasOwnProperty' }],
    [{ order: 'ASC' }],
    [{ order: 'asc, id' }],
    [{ q: { $ne: '' } }],
    [{ q: 12345678 }],
    [{ q: 'x'.repeat(101) }],
    [{ q: 'ab\u0000cd' }],
    [{ q: 'ab\ud800cd' }],
    [{ tipo_divergencia: 'abc' }],
  ])('%j is refused with 4xx, never 500 nor 200 with everything', async (body) => {
    for (const path of PATHS) {
      if ('tipo_divergencia' in body && !path.includes('consolidacao')) continue;
      const res = await report(body, path);
      expect(res.statusCode, `${path}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${path}: ${res.body}`).toBeLessThan(500);
    }
  });

  it('query-string arrays and objects on the export are refused with 4xx', async () => {
    for (const path of PATHS)
      for (const q of [
        'q=FILT1&q=FILT2',
        'status=1&status=2',
        'formato=csv&formato=xlsx',
        'page=-1',
        'per_page=1000000',
      ]) {
        const res = await exportOf(q, path);
        expect(res.statusCode, `${path}?${q}: ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${path}?${q}`).toBeLessThan(500);
      }
  });

  it('a page past the end answers an empty page with the true total', async () => {
    for (const path of PATHS) {
      const total = (await report({}, path)).json().total;
      const far = await report({ page: 2_000_000_000, per_page: 50 }, path);
      expect(far.statusCode, far.body).toBe(200);
      expect(far.json().dados).toEqual([]);
      expect(far.json().total).toBe(total);
    }
  });

  it('paging through every page with a sort full of ties gives each row exactly once, same as the export', async () => {
    for (const [path, sort] of [
      ['novas-unidades/relatorio', 'unidade'],
      ['novas-unidades/relatorio', 'status'],
      ['novas-unidades/relatorio', 'data_ativacao'],
      ['consolidacao/relatorio', 'status'],
      ['consolidacao/relatorio', 'tipo_divergencia'],
    ] as const) {
      for (const order of ['asc', 'desc']) {
        const first = await report({ sort, order, per_page: 5 }, path);
        expect(first.statusCode, `${path} ${sort}: ${first.body}`).toBe(200);
        const total = first.json().total as number;
        const seen: unknown[] = [];
        for (let page = 1; (page - 1) * 5 < total; page++) {
          const res = await report({ sort, order, per_page: 5, page }, path);
          const key = path.includes('consolidacao') ? 'endereco_id' : 'id';
          seen.push(
            ...res.json().dados.map((r: Record<string, unknown>) => `${r[key]}|${r.unidade}|${r.site_id}`),
          );
        }
        expect(seen.length, `${path} ${sort} ${order}`).toBe(total);
        if (!path.includes('consolidacao'))
          expect(new Set(seen).size, `${path} ${sort} ${order}`).toBe(total);
      }
    }
  }, 120_000);

  it('status=999 (valid, unused) exports a header only, and x-total-registros 0', async () => {
    for (const path of PATHS) {
      const res = await exportOf('status=999&formato=csv', path);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-total-registros']).toBe('0');
      expect(csvObjects(res.rawPayload.toString('utf8'))).toEqual([]);
    }
  });
});

describe('hostile search', () => {
  it('SQL-like, "%" and "_" searches find nothing (no wildcard); only punctuation is refused (issue 34)', async () => {
    for (const q of ['%%', '__', '\\%'])
      for (const path of PATHS) expect((await report({ q }, path)).statusCode, `${q} ${path}`).toBe(422);
    for (const q of ["' or '1'='1", 'FILT%', 'FILT_', 'FIL%1', "FILT1'--", '01310%']) {
      for (const path of PATHS) {
        const res = await report({ q }, path);
        expect(res.statusCode, `${q} ${path}: ${res.body}`).toBe(200);
        expect(res.json().total, `${q} ${path}`).toBe(0);
      }
    }
  });

  it('the exact address id and the exact postal code, in any case and mask', async () => {
    expect((await report({ q: 'filt3' })).json().total).toBe(1);
    expect((await report({ q: '  FILT3  ' })).json().total).toBe(1);
    const byCep = (await report({ q: '01310100', per_page: 50 })).json().total;
    expect(byCep).toBeGreaterThanOrEqual(7);
    expect((await report({ q: '01.310-100', per_page: 50 })).json().total).toBe(byCep);
  });

  it('a search that is neither the postal code nor the address id finds nothing (digits pulled from text are not an exact CEP)', async () => {
    expect((await report({ q: 'rua 01310 casa 100' })).json().total).toBe(0);
    expect((await report({ q: 'FILT-01310100' })).json().total).toBe(0);
  });

  it('a one-character search and a blank one are no search: the full total', async () => {
    const all = (await report({})).json().total;
    for (const q of [' ', 'a', '   x   ', ''])
      expect((await report({ q })).json().total, JSON.stringify(q)).toBe(all);
  });

  it('unicode look-alikes are the identifier they fold to, as identifiers are stored (GUIDE §7, issue 34)', async () => {
    const plain = (await report({ q: 'FILT1' })).json().total;
    expect(plain).toBeGreaterThan(0);
    for (const q of ['ＦＩＬＴ1', 'FİLT1', 'FILT1\u200b', 'FILT\u0031\u0301'])
      expect((await report({ q })).json().total, q).toBe(plain);
    // Another script's letters that only look Latin stay other letters (a Cyrillic І).
    expect((await report({ q: 'F\u0406LT1' })).json().total).toBe(0);
  });
});

describe('hostile regularization filters', () => {
  it('a regularization with a null status is found by status 0, and the regional scope holds on it', async () => {
    const [one] = await t.app.db
      .select()
      .from(regularizacoes)
      .where(eq(regularizacoes.fluxo, 'energia'))
      .limit(1);
    await t.app.db
      .update(regularizacoes)
      .set({ status: null, regional: 5 })
      .where(eq(regularizacoes.id, one!.id));
    const zero = await report({ status: 0, q: one!.enderecoId, per_page: 50 }, 'consolidacao/relatorio');
    expect(zero.json().dados.map((r: { endereco_id: string }) => r.endereco_id)).toContain(one!.enderecoId);
    const regional = await login(t.app, 'regional@demo.portal');
    const res = await call(t.app, regional, '/api/consolidacao/relatorio', { q: one!.enderecoId });
    const leaked = res.json().dados.filter((r: { regional: string }) => r.regional !== 'TSP - São Paulo');
    expect(leaked).toEqual([]);
  });

  it('the water report never shows energy regularizations and the reverse', async () => {
    const energy = await t.app.db
      .select({ e: regularizacoes.enderecoId })
      .from(regularizacoes)
      .where(eq(regularizacoes.fluxo, 'energia'));
    const water = await report({ per_page: 50 }, 'agua/consolidacao/relatorio');
    const total = water.json().total as number;
    const waterRows = await t.app.db
      .select({ id: regularizacoes.id })
      .from(regularizacoes)
      .where(eq(regularizacoes.fluxo, 'agua'));
    expect(total).toBe(waterRows.length);
    void energy;
    void inArray;
  });
});

describe('hostile headers', () => {
  it('exports say no-store, attachment with a fixed name, nosniff, and are not cached', async () => {
    for (const path of PATHS)
      for (const formato of ['xlsx', 'csv']) {
        const res = await exportOf(
          `formato=${formato}&q=${encodeURIComponent('"; filename=evil.html')}`,
          path,
        );
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toMatch(/no-store/);
        expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[a-z_]+\.(xlsx|csv)"$/);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
      }
  });

  it('HEAD on an export answers without hanging and without a body', async () => {
    const started = Date.now();
    const res = await t.app.inject({
      method: 'HEAD',
      url: '/api/novas-unidades/relatorio/exportar?formato=csv',
      headers: bearer(celula),
    });
    expect([200, 404, 405]).toContain(res.statusCode);
    expect(res.rawPayload.length).toBe(0);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('a 4xx from an export is JSON, not a half-written file', async () => {
    const res = await exportOf('formato=pdf');
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.headers['content-disposition']).toBeUndefined();
  });
});
