import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { solicitacoes } from '../../src/db/schema.ts';
import { createTestApp, login, type TestApp } from '../support/test-app.ts';
import { call, newUnitPayload } from '../support/requests.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: number[] = [];
beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['solicitante', 'regional', 'celula', 'tower'])
    tokens[who] = await login(t.app, `${who}@demo.portal`);
  for (let i = 0; i < 12; i++) {
    const res = await call(
      t.app,
      tokens.solicitante!,
      '/api/novas-unidades/add',
      await newUnitPayload(t.app, { unidade: `UCL${String(i).padStart(4, '0')}`, site_id: `SITE${i}` }),
    );
    ids.push(res.json().dados.id);
  }
  // Two in another regional (TRJ = 5), one of them refused by the regional.
  await t.app.db.update(solicitacoes).set({ regional: 5 }).where(eq(solicitacoes.id, ids[0]!));
  await t.app.db.update(solicitacoes).set({ regional: 5, status: 3 }).where(eq(solicitacoes.id, ids[1]!));
});
afterAll(() => t.close());

const list = (who: string, body: Record<string, unknown> = {}) =>
  call(t.app, tokens[who]!, '/api/novas-unidades/list', body);

describe('novas-unidades/list', () => {
  it('pages on the server (default 10) and answers the total', async () => {
    const res = await list('celula');
    expect(res.json().dados).toHaveLength(10);
    expect(res.json().total).toBe(12);
    const page2 = await list('celula', { page: 2, per_page: 10 });
    expect(page2.json().dados).toHaveLength(2);
    expect((await list('celula', { per_page: 7 })).statusCode).toBe(422);
  });

  it('rows come from the session scope, whatever ids the payload sends', async () => {
    expect((await list('regional', { id_regional: 5, id_empresa: 999 })).json().total).toBe(10);
    expect((await list('tower')).json().total).toBe(0);
    expect((await list('solicitante')).json().total).toBe(12);
    const other = await list('tower', { id: ids[2] });
    expect(other.statusCode).toBe(404);
  });

  it('filters by status and searches endereco_id, unidade and site_id (at least 2 characters)', async () => {
    expect((await list('celula', { status: 3 })).json().dados.map((r: { id: number }) => r.id)).toEqual([
      ids[1],
    ]);
    expect(
      (await list('celula', { q: 'ucl0011' })).json().dados.map((r: { unidade: string }) => r.unidade),
    ).toEqual(['UCL0011']);
    expect((await list('celula', { q: 'SITE1' })).json().total).toBe(3); // SITE1, SITE10, SITE11
    expect((await list('celula', { q: 'U' })).json().total).toBe(12); // one character searches nothing
  });

  it('sorts by an allowed column and refuses others', async () => {
    const asc = await list('celula', { sort: 'unidade', order: 'asc', per_page: 5 });
    expect(asc.json().dados.map((r: { unidade: string }) => r.unidade)).toEqual([
      'UCL0000',
      'UCL0001',
      'UCL0002',
      'UCL0003',
      'UCL0004',
    ]);
    expect((await list('celula', { sort: 'password_hash' })).statusCode).toBe(422);
  });

  it('a list row carries the columns of the screen (issue 15 adds requester, company, regional, last update)', async () => {
    const [row] = (await list('celula', { per_page: 5 })).json().dados;
    expect(Object.keys(row).sort()).toEqual(
      [
        'data_ativacao',
        'data_pedido',
        'endereco_id',
        'id',
        'municipio',
        'site_id',
        'status',
        'uf',
        'unidade',
        'regional',
        'regional_nome',
        'solicitante',
        'empresa',
        'atualizado_em',
        // Issue 34: the version the row was read at, sent back by a bulk move of the rows ticked.
        'version',
      ].sort(),
    );
  });
});

describe('novas-unidades/list: paging forward after a row (issue 12, keyset)', () => {
  const idsOf = (res: { json: () => { dados: { id: number }[] } }) => res.json().dados.map((r) => r.id);

  it('the page after the last row of a page is the next page by number, for each order that can continue', async () => {
    for (const order of [
      {},
      { sort: 'data_pedido', order: 'desc' },
      { sort: 'id', order: 'asc' },
      { status: 1 },
    ]) {
      const byNumber = [1, 2, 3].map((page) => list('celula', { ...order, page, per_page: 5 }));
      const [first, second, third] = await Promise.all(byNumber).then((pages) => pages.map(idsOf));
      const afterFirst = idsOf(await list('celula', { ...order, page: 2, per_page: 5, apos: first!.at(-1) }));
      expect(afterFirst, JSON.stringify(order)).toEqual(second);
      if (second!.length) {
        const afterSecond = idsOf(
          await list('celula', { ...order, page: 3, per_page: 5, apos: second!.at(-1) }),
        );
        expect(afterSecond, JSON.stringify(order)).toEqual(third);
      }
    }
  });

  it('after a row the caller may not see, or of another form, the page is the page by its number', async () => {
    const page2 = idsOf(await list('regional', { page: 2, per_page: 5 }));
    // ids[0] is in another regional: paging after it would tell where it sits in the order.
    expect(idsOf(await list('regional', { page: 2, per_page: 5, apos: ids[0] }))).toEqual(page2);
    expect(idsOf(await list('tower', { page: 1, per_page: 5, apos: ids[5] }))).toEqual([]);
    const water = await call(t.app, tokens.celula!, '/api/agua/novas-unidades/list', {
      page: 1,
      per_page: 5,
      apos: ids[5],
    });
    expect(water.statusCode).toBe(200);
    expect(idsOf(water).some((id) => ids.includes(id))).toBe(false);
  });

  it('an order on a column that may be empty pages by number; a row that does not exist changes nothing', async () => {
    const byUnit = { sort: 'unidade', order: 'asc', per_page: 5 };
    const page2 = idsOf(await list('celula', { ...byUnit, page: 2 }));
    expect(idsOf(await list('celula', { ...byUnit, page: 2, apos: ids[11] }))).toEqual(page2);
    const byNumber = idsOf(await list('celula', { page: 2, per_page: 5 }));
    expect(idsOf(await list('celula', { page: 2, per_page: 5, apos: 999_999 }))).toEqual(byNumber);
  });

  it('a page past the end is empty and still tells the total, with or without a search', async () => {
    const all = (await list('celula')).json().total;
    expect((await list('celula', { page: 50, per_page: 10 })).json()).toMatchObject({
      dados: [],
      total: all,
    });
    expect((await list('celula', { page: 50, q: 'SITE1' })).json()).toMatchObject({ dados: [], total: 3 });
    const last = idsOf(await list('celula', { page: 1, per_page: 50 })).at(-1);
    expect((await list('celula', { page: 2, per_page: 50, apos: last })).json()).toMatchObject({
      dados: [],
      total: all,
    });
  });

  it('an apos that is no record id is refused with the field named', async () => {
    for (const apos of ['abc', -1, 0, 1.5, 1e20, '1 or 1=1', [1], { id: 1 }]) {
      const res = await list('celula', { page: 2, apos });
      expect([400, 422], JSON.stringify(apos)).toContain(res.statusCode);
      expect(res.json(), JSON.stringify(apos)).toMatchObject({ error: 1, campo: 'apos' });
    }
  });

  it('paging forward shows no row twice when a request arrives between two pages', async () => {
    const page1 = idsOf(await list('celula', { page: 1, per_page: 5 }));
    await call(
      t.app,
      tokens.solicitante!,
      '/api/novas-unidades/add',
      await newUnitPayload(t.app, { unidade: 'UCL9999' }),
    );
    const page2 = idsOf(await list('celula', { page: 2, per_page: 5, apos: page1.at(-1) }));
    expect(page2.filter((id) => page1.includes(id))).toEqual([]);
    expect(page2).toHaveLength(5);
  });
});
