import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concessionarias, solicitacoes } from '../../src/db/schema.ts';
import { counterDrift } from '../../src/requests-core/counts-repo.ts';
import { createTestApp, login, type TestApp } from '../support/test-app.ts';
import { call } from '../support/requests.ts';
import { allByApos, CNPJ, companyId, insertRows, LISTS, totalsDisagreeing, type RowSpec } from './support.ts';

/**
 * Hostile: the total of "Mostrando X para Y de Z" is a value of the page's own statement (the
 * per-scope counters, or a search's matches). It must equal the rows the caller can page
 * through, for each role, form, status filter and search, on a page past the end and after rows
 * move between scopes or are deleted.
 */
let t: TestApp;
const ROLES = ['admin', 'celula', 'regional', 'tower', 'solicitante', 'amee', 'property', 'consulta'];
const tok: Record<string, string> = {};
let all: number[] = [];
let concessionaires: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ROLES) tok[who] = await login(t.app, `${who}@demo.portal`);
  const cos = await Promise.all(Object.values(CNPJ).map((c) => companyId(t.app, c)));
  concessionaires = (await t.app.db.select({ id: concessionarias.id }).from(concessionarias).limit(3)).map(
    (c) => c.id,
  );
  const specs: RowSpec[] = [];
  // A deterministic mix: every form, 4 statuses, 7 regionals and none, 5 companies and none.
  for (let i = 0; i < 90; i++) {
    specs.push({
      fluxo: i % 2 ? 'agua' : 'energia',
      tipo: i % 3 ? 'nova' : 'troca',
      status: [0, 1, 3, 7][i % 4],
      regional: i % 8 === 7 ? null : 1 + (i % 7),
      idEmpresa: i % 6 === 5 ? null : cos[i % 5],
      unidade: i % 9 === 0 ? undefined : `T${i % 10}_%${i}`,
      siteId: `S${i}`,
      uf: [null, 'SP', 'RJ'][i % 3],
      idConcessionaria: i % 5 === 4 ? null : concessionaires[i % concessionaires.length],
    });
  }
  all = await insertRows(t.app, specs);
});
afterAll(() => t.close());

const FILTERS: Record<string, unknown>[] = [
  {},
  { status: 0 },
  { status: 1 },
  { status: 7 },
  { status: 9 },
  { q: 'T1' },
  { q: 't1_' },
  { q: 'T1_%' },
  { q: 'zz' },
  { q: 's1', status: 1 },
  { q: 'x\\%' },
  { uf: 'SP' },
  { uf: 'RJ', status: 1 },
  { uf: 'MG' },
];
/** The concessionaire filters, known once the rows are in. */
const byConcessionaire = () => [
  { concessionaria: concessionaires[0] },
  { concessionaria: concessionaires[1], uf: 'SP' },
];

const check = (who: string) => totalsDisagreeing(t.app, tok[who]!, who, [...FILTERS, ...byConcessionaire()]);

describe('hostile totals: the total is what the caller can page through', () => {
  it.each(ROLES)(
    'for %s, every form and filter, page 1, 2 and past the end',
    async (who) => {
      expect(await check(who)).toEqual([]);
    },
    300_000,
  );

  it('after rows move between regionals, companies, statuses, forms, and are deleted', async () => {
    await t.app.db
      .update(solicitacoes)
      .set({ regional: 5 })
      .where(inArray(solicitacoes.id, all.slice(0, 10)));
    await t.app.db
      .update(solicitacoes)
      .set({ idEmpresa: null })
      .where(inArray(solicitacoes.id, all.slice(10, 20)));
    await t.app.db
      .update(solicitacoes)
      .set({ status: 1 })
      .where(inArray(solicitacoes.id, all.slice(20, 30)));
    await t.app.db
      .update(solicitacoes)
      .set({ tipo: 'nova', fluxo: 'agua' })
      .where(inArray(solicitacoes.id, all.slice(30, 40)));
    await t.app.db
      .update(solicitacoes)
      .set({ regional: null })
      .where(inArray(solicitacoes.id, all.slice(40, 45)));
    await t.app.db
      .update(solicitacoes)
      .set({ uf: 'RJ' })
      .where(inArray(solicitacoes.id, all.slice(55, 62)));
    await t.app.db
      .update(solicitacoes)
      .set({ idConcessionaria: concessionaires[2]! })
      .where(inArray(solicitacoes.id, all.slice(62, 70)));
    await t.app.db
      .update(solicitacoes)
      .set({ uf: null, idConcessionaria: null })
      .where(inArray(solicitacoes.id, all.slice(70, 75)));
    await t.app.db.delete(solicitacoes).where(inArray(solicitacoes.id, all.slice(45, 55)));
    const problems: string[] = [];
    for (const who of ['admin', 'regional', 'solicitante', 'tower']) problems.push(...(await check(who)));
    expect(problems).toEqual([]);
  }, 300_000);

  it('the keyset chain reads as many rows as the total, with a search and a status', async () => {
    for (const who of ['celula', 'regional', 'solicitante']) {
      for (const filter of [{}, { q: 'T1' }, { status: 1 }]) {
        const chain = await allByApos(t.app, tok[who]!, LISTS.aguaNova, filter, 5);
        const total = (await call(t.app, tok[who]!, LISTS.aguaNova, { ...filter, per_page: 5 })).json().total;
        expect(chain.length, `${who} ${JSON.stringify(filter)}`).toBe(total);
      }
    }
  });

  it('the counters agree with a recount of the requests', async () => {
    expect(await counterDrift(t.app.db)).toEqual([]);
  });

  it('a search on a one-character text (searches nothing) totals as the unfiltered list', async () => {
    const a = (await call(t.app, tok.celula!, LISTS.energiaNova, { q: 'T' })).json().total;
    const b = (await call(t.app, tok.celula!, LISTS.energiaNova, {})).json().total;
    expect(a).toBe(b);
  });

  it('a deleted row read by id is 404 and is never paged from', async () => {
    const gone = all[50]!;
    expect((await t.app.db.select().from(solicitacoes).where(eq(solicitacoes.id, gone))).length).toBe(0);
    const res = await call(t.app, tok.admin!, LISTS.energiaNova, { id: gone });
    expect(res.statusCode).toBe(404);
  });
});

describe('hostile totals: the dashboard and the lists agree', () => {
  it("each dashboard card equals its form's list total filtered by its status, for every role", async () => {
    const { DASHBOARD } = await import('@portal/domain');
    // Rows in the dashboard's statuses, so the cards are not all zero.
    const cos = await Promise.all(Object.values(CNPJ).map((c) => companyId(t.app, c)));
    const statuses = [...new Set(DASHBOARD.flatMap((g) => g.cards.map((c) => c.status)))];
    await insertRows(
      t.app,
      statuses.flatMap((status, i) =>
        (['nova', 'troca'] as const).map((tipo, j) => ({
          tipo,
          status,
          regional: 1 + ((i + j) % 7),
          idEmpresa: cos[(i + j) % 5],
        })),
      ),
    );
    const problems: string[] = [];
    for (const who of ROLES) {
      const home = await t.app.inject({
        method: 'GET',
        url: '/api/home',
        headers: { authorization: `Bearer ${tok[who]}` },
      });
      if (home.statusCode !== 200) continue;
      for (const group of DASHBOARD) {
        const url = group.kind === 'nova' ? LISTS.energiaNova : LISTS.energiaTroca;
        for (const card of group.cards) {
          const res = await call(t.app, tok[who]!, url, { status: card.status, per_page: 5 });
          const listTotal = res.statusCode === 200 ? res.json().total : 0;
          const cardTotal = home.json().dados[card.total];
          if (cardTotal !== listTotal)
            problems.push(`${who} ${group.kind} status ${card.status}: card ${cardTotal}, list ${listTotal}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
