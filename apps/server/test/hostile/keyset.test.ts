import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solicitacoes } from '../../src/db/schema.ts';
import { createTestApp, login, type TestApp } from '../support/test-app.ts';
import { call } from '../support/requests.ts';
import {
  allByApos,
  allByNumber,
  CNPJ,
  companyId,
  idsOf,
  insertRows,
  LISTS,
  type RowSpec,
} from './support.ts';

/**
 * Hostile: keyset paging (apos) on the request lists. A chain of "next page after the last row"
 * must read exactly the rows paging by number reads, never a row of another scope or form, never
 * a row twice, and refuse an apos that is no id.
 */
let t: TestApp;
const tok: Record<string, string> = {};
const ROLES = ['admin', 'celula', 'regional', 'tower', 'solicitante', 'amee', 'property', 'consulta'];
let solicitanteCo: number;
let towerCo: number;
const energy: number[] = [];
const trj: number[] = [];
const towerRows: number[] = [];
const troca: number[] = [];
const water: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ROLES) tok[who] = await login(t.app, `${who}@demo.portal`);
  solicitanteCo = await companyId(t.app, CNPJ.solicitante);
  towerCo = await companyId(t.app, CNPJ.tower);
  const base = Date.UTC(2026, 0, 1);
  const specs: RowSpec[] = [];
  for (let i = 0; i < 24; i++) {
    specs.push({
      // Ties: three rows share each timestamp, so the id breaks them.
      dataPedido: new Date(base + Math.floor(i / 3) * 60_000),
      status: i % 4 === 0 ? 3 : 1,
      regional: i % 5 === 0 ? 5 : i % 7 === 0 ? null : 7,
      idEmpresa: i % 6 === 0 ? towerCo : solicitanteCo,
      unidade: i % 8 === 0 ? undefined : `UCK${String(i).padStart(3, '0')}`,
      siteId: `SITEK${i}`,
      dataAtivacao: i % 2 ? '2026-02-01' : null,
    });
  }
  const ids = await insertRows(t.app, specs);
  energy.push(...ids);
  ids.forEach((id, i) => {
    if (i % 5 === 0) trj.push(id);
    if (i % 6 === 0) towerRows.push(id);
  });
  troca.push(
    ...(await insertRows(
      t.app,
      Array.from({ length: 6 }, () => ({ tipo: 'troca' as const, idEmpresa: solicitanteCo })),
    )),
  );
  water.push(
    ...(await insertRows(
      t.app,
      Array.from({ length: 6 }, () => ({ fluxo: 'agua' as const, idEmpresa: solicitanteCo })),
    )),
  );
});
afterAll(() => t.close());

const list = (who: string, body: Record<string, unknown>, url: string = LISTS.energiaNova) =>
  call(t.app, tok[who]!, url, body);

const SORTS: Record<string, unknown>[] = [
  {},
  { order: 'asc' }, // no sort: the fallback order, whatever `order` says
  { sort: 'data_pedido', order: 'desc' },
  { sort: 'data_pedido', order: 'asc' },
  { sort: 'id', order: 'asc' },
  { sort: 'id', order: 'desc' },
  { sort: 'unidade', order: 'asc' },
  { sort: 'status', order: 'desc' },
  { sort: 'data_ativacao', order: 'asc' },
];
const FILTERS: Record<string, unknown>[] = [
  {},
  { status: 1 },
  { status: 3 },
  { q: 'UCK0' },
  { q: 'sitek1', status: 1 },
];

describe('hostile keyset: a chain of pages after the last row equals paging by number', () => {
  it.each(['admin', 'celula', 'regional', 'tower', 'solicitante', 'consulta'])(
    'for %s, every order and filter: same rows, none twice, as many as the total',
    async (who) => {
      const problems: string[] = [];
      const probe = await list(who, {});
      if (probe.statusCode === 403) return;
      for (const sort of SORTS)
        for (const filter of FILTERS) {
          const body = { ...sort, ...filter };
          const byNumber = await allByNumber(t.app, tok[who]!, LISTS.energiaNova, body, 5);
          const byApos = await allByApos(t.app, tok[who]!, LISTS.energiaNova, body, 5);
          const total = (await list(who, { ...body, per_page: 5 })).json().total;
          const label = `${who} ${JSON.stringify(body)}`;
          if (JSON.stringify(byApos) !== JSON.stringify(byNumber))
            problems.push(`${label}: apos ${byApos} vs number ${byNumber}`);
          if (new Set(byApos).size !== byApos.length) problems.push(`${label}: duplicate`);
          if (byNumber.length !== total) problems.push(`${label}: ${byNumber.length} rows, total ${total}`);
        }
      expect(problems).toEqual([]);
    },
    300_000,
  );

  it('a list of another form, or of the other flow, never shows rows of this one after its ids', async () => {
    for (const [url, own] of [
      [LISTS.energiaTroca, troca],
      [LISTS.aguaNova, water],
    ] as const) {
      for (const apos of [energy[3]!, energy[10]!, energy[23]!]) {
        const res = await list('celula', { page: 1, per_page: 50, apos }, url);
        expect(
          idsOf(res).every((id) => own.includes(id)),
          `${url} apos=${apos}`,
        ).toBe(true);
        expect(res.json().total).toBe(own.length);
      }
    }
  });
});

describe('hostile keyset: a forged apos tells nothing', () => {
  it('a regional user paging after an id of another regional reads the page by its number, in date order', async () => {
    // In id order the id itself is the position (nothing of the row is read), so it is left out.
    for (const sort of SORTS.slice(0, 4)) {
      for (const page of [1, 2, 3]) {
        const byNumber = idsOf(await list('regional', { ...sort, page, per_page: 5 }));
        for (const apos of trj) {
          const res = idsOf(await list('regional', { ...sort, page, per_page: 5, apos }));
          expect(res, `${JSON.stringify(sort)} page ${page} apos ${apos}`).toEqual(byNumber);
        }
      }
    }
  });

  it("a company user paging after another company's id reads the page by its number", async () => {
    for (const page of [1, 2]) {
      const byNumber = idsOf(await list('solicitante', { page, per_page: 5 }));
      for (const apos of towerRows) {
        expect(idsOf(await list('solicitante', { page, per_page: 5, apos }))).toEqual(byNumber);
      }
    }
  });

  it("no row outside the caller's scope ever comes back, whatever apos is sent", async () => {
    const visibleTo = async (who: string) =>
      new Set(await allByNumber(t.app, tok[who]!, LISTS.energiaNova, {}, 50));
    for (const who of ['regional', 'solicitante', 'tower']) {
      const visible = await visibleTo(who);
      for (const apos of [...energy, ...troca, ...water]) {
        for (const sort of [{}, { sort: 'id', order: 'asc' }]) {
          const res = await list(who, { ...sort, page: 2, per_page: 5, apos });
          const leaked = idsOf(res).filter((id) => !visible.has(id));
          expect(leaked, `${who} apos=${apos}`).toEqual([]);
        }
      }
    }
  });
});

describe('hostile keyset: rows that change between two pages', () => {
  it('paging forward to the end after new rows arrived shows no row twice (the page after the last row is empty)', async () => {
    const app = await createTestApp();
    try {
      const celula = await login(app.app, 'celula@demo.portal');
      const co = await companyId(app.app, CNPJ.solicitante);
      await insertRows(
        app.app,
        Array.from({ length: 10 }, (_, i) => ({ idEmpresa: co, unidade: `OLD${i}` })),
      );
      const page = (body: Record<string, unknown>) =>
        call(app.app, celula, LISTS.energiaNova, { per_page: 5, ...body });
      const page1 = idsOf(await page({ page: 1 }));
      // Five requests arrive while the user reads page 1: the total is now 15, three pages.
      await insertRows(
        app.app,
        Array.from({ length: 5 }, (_, i) => ({ idEmpresa: co, unidade: `NEW${i}` })),
      );
      const page2 = idsOf(await page({ page: 2, apos: page1.at(-1) }));
      const res3 = await page({ page: 3, apos: page2.at(-1) });
      const page3 = idsOf(res3);
      const seen = [...page1, ...page2, ...page3];
      expect(seen.length - new Set(seen).size, `page3=${page3} page2=${page2}`).toBe(0);
      expect(page3).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('apos naming the very last row of the list gives an empty page, not the first page again', async () => {
    const last = (await allByNumber(t.app, tok.celula!, LISTS.energiaNova, {}, 50)).at(-1)!;
    const res = await list('celula', { page: 1, per_page: 5, apos: last });
    expect(idsOf(res)).toEqual([]);
  });

  it('in id order, the row named by apos deleted meanwhile: the next page still starts right after its id (no row skipped)', async () => {
    const app = await createTestApp();
    try {
      const celula = await login(app.app, 'celula@demo.portal');
      const co = await companyId(app.app, CNPJ.solicitante);
      const ids = await insertRows(
        app.app,
        Array.from({ length: 12 }, () => ({ idEmpresa: co })),
      );
      const body = { sort: 'id', order: 'asc', per_page: 5 };
      const page1 = idsOf(await call(app.app, celula, LISTS.energiaNova, { ...body, page: 1 }));
      await app.app.db.delete(solicitacoes).where(eq(solicitacoes.id, page1.at(-1)!));
      const page2 = idsOf(
        await call(app.app, celula, LISTS.energiaNova, { ...body, page: 2, apos: page1.at(-1) }),
      );
      expect(page2).toEqual(ids.slice(5, 10));
    } finally {
      await app.close();
    }
  });

  it('the row named by apos left the status filter meanwhile: the next page starts right after it (no row skipped)', async () => {
    const app = await createTestApp();
    try {
      const celula = await login(app.app, 'celula@demo.portal');
      const co = await companyId(app.app, CNPJ.solicitante);
      const ids = await insertRows(
        app.app,
        Array.from({ length: 12 }, () => ({ idEmpresa: co, status: 1 })),
      );
      const body = { sort: 'id', order: 'asc', per_page: 5, status: 1 };
      const page1 = idsOf(await call(app.app, celula, LISTS.energiaNova, { ...body, page: 1 }));
      await app.app.db.update(solicitacoes).set({ status: 2 }).where(inArray(solicitacoes.id, page1));
      const page2 = idsOf(
        await call(app.app, celula, LISTS.energiaNova, { ...body, page: 2, apos: page1.at(-1) }),
      );
      expect(page2).toEqual(ids.slice(5, 10));
    } finally {
      await app.close();
    }
  });
});

describe('hostile keyset: apos that is no id', () => {
  const BAD: unknown[] = [
    'abc',
    '',
    ' ',
    null,
    true,
    false,
    -1,
    0,
    -0,
    1.5,
    2_147_483_648,
    1e20,
    '2147483648',
    '1e3',
    '0x10',
    '1.0',
    '+5',
    '-5',
    [1],
    [],
    { id: 1 },
    {},
    '1 or 1=1',
    'NaN',
    'Infinity',
  ];
  it('is refused with 4xx, naming apos, in Portuguese', async () => {
    const problems: string[] = [];
    for (const apos of BAD) {
      const res = await list('celula', { page: 2, per_page: 5, apos });
      const body = res.json();
      const ok =
        [400, 422].includes(res.statusCode) &&
        body.error === 1 &&
        body.campo === 'apos' &&
        /inválid|obrigat/i.test(body.msg);
      if (!ok) problems.push(`${JSON.stringify(apos)} → ${res.statusCode} ${res.body}`);
    }
    expect(problems).toEqual([]);
  });

  it('the message names the field the user (or the client) sent wrong, not "ID"', async () => {
    const res = await list('celula', { page: 2, per_page: 5, apos: 'abc' });
    expect(res.json().msg).not.toMatch(/\bID\b/);
  });

  it('a numeric string is the id it spells', async () => {
    const page1 = idsOf(await list('celula', { page: 1, per_page: 5 }));
    const a = idsOf(await list('celula', { page: 2, per_page: 5, apos: page1.at(-1) }));
    const b = idsOf(await list('celula', { page: 2, per_page: 5, apos: String(page1.at(-1)) }));
    expect(b).toEqual(a);
  });

  it('apos with id reads the one record', async () => {
    const res = await list('celula', { id: energy[1], apos: energy[2] });
    expect(res.statusCode).toBe(200);
    expect(res.json().dados.id).toBe(energy[1]);
  });
});
