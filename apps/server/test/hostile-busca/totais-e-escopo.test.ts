import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concessionarias, solicitacoes } from '../../src/db/schema.ts';
import { counterDrift } from '../../src/requests-core/counts-repo.ts';
import { createTestApp, DEMO_NAMES, loginDemo, sessionUser, type TestApp } from '../support/test-app.ts';
import { call } from '../support/requests.ts';
import {
  allByApos,
  allByNumber,
  CNPJ,
  companyId,
  insertRows,
  LISTS,
  totalsDisagreeing,
} from '../hostile/support.ts';

/**
 * Hostile review of the list totals (issue 15): a UF or concessionaire filter's total comes from
 * the per-scope counters, a search's is counted up to countLimitFor (ten pages past the page asked,
 * at least 1,000) and says so with total_limitado. The total must be what the caller can page
 * through (or, when limited, say truthfully that there is more), and never count another scope.
 */
let t: TestApp;
let tok: Record<string, string> = {};
let conc: number[] = [];
let co: Record<keyof typeof CNPJ, number>;

beforeAll(async () => {
  t = await createTestApp();
  tok = await loginDemo(t.app);
  conc = (await t.app.db.select({ id: concessionarias.id }).from(concessionarias).limit(3)).map((c) => c.id);
  co = Object.fromEntries(
    await Promise.all(Object.entries(CNPJ).map(async ([k, c]) => [k, await companyId(t.app, c)])),
  ) as typeof co;
}, 120_000);
afterAll(() => t.close());

const page = async (who: string, body: Record<string, unknown>, url: string = LISTS.energiaNova) => {
  const res = await call(t.app, tok[who]!, url, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { dados: { id: number }[]; total: number; total_limitado: boolean };
};

describe('total_limitado tells the truth around the limit (1,000 rows, or ten pages past the page asked)', () => {
  let rows: number[] = [];
  beforeAll(async () => {
    rows = await insertRows(
      t.app,
      Array.from({ length: 1000 }, (_, i) => ({
        unidade: `LIM${String(i).padStart(5, '0')}`,
        siteId: `LS${i}`,
      })),
    );
  }, 120_000);

  it('exactly 1,000 matches: total 1000, not limited (prefix and anywhere searches alike)', async () => {
    for (const q of ['LIM', 'LI', 'lim0', 'li']) {
      expect(await page('admin', { q, per_page: 50 }).then((p) => [p.total, p.total_limitado]), q).toEqual([
        1000,
        false,
      ]);
    }
  });

  it('1,001 matches: page 1 says "more than 1000" (limited), and paging reads all 1,001 rows', async () => {
    rows.push(...(await insertRows(t.app, [{ unidade: 'LIM99999' }])));
    for (const q of ['LIM', 'LI']) {
      const first = await page('admin', { q, per_page: 50 });
      expect([first.total, first.total_limitado], q).toEqual([1000, true]);
      const all = await allByNumber(t.app, tok.admin!, LISTS.energiaNova, { q }, 50);
      expect(all.length).toBe(1001);
      expect(first.total).toBeLessThan(all.length);
    }
  }, 120_000);

  it('a deep page counts further and says the exact total once it reaches the end', async () => {
    // page 20 of 50: 950 skipped, counted up to 950 + 500 = 1450 ≥ 1001.
    expect(
      await page('admin', { q: 'LIM', page: 20, per_page: 50 }).then((p) => [p.total, p.total_limitado]),
    ).toEqual([1001, false]);
    // A page past the end is counted as its page would be: exact.
    expect(
      await page('admin', { q: 'LIM', page: 999, per_page: 50 }).then((p) => [
        p.dados.length,
        p.total,
        p.total_limitado,
      ]),
    ).toEqual([0, 1001, false]);
  });

  it('continuing after a row (apos) never claims fewer rows than the chain reads without saying "more than"', async () => {
    const chain = await allByApos(t.app, tok.admin!, LISTS.energiaNova, { q: 'LIM' }, 50);
    expect(chain.length).toBe(1001);
    let apos: number | undefined;
    for (let n = 1; n <= 21; n++) {
      const p = await page('admin', { q: 'LIM', page: n, per_page: 50, apos });
      if (!p.total_limitado) expect(p.total, `page ${n}`).toBe(1001);
      else expect(p.total, `page ${n}`).toBeLessThan(1001);
      apos = p.dados.at(-1)?.id;
    }
  }, 120_000);

  it('a search that also narrows by UF or status counts within them (limited only when more than the limit match)', async () => {
    await t.app.db
      .update(solicitacoes)
      .set({ uf: 'RJ', regional: 1 })
      .where(inArray(solicitacoes.id, rows.slice(0, 30)));
    await t.app.db
      .update(solicitacoes)
      .set({ status: 3 })
      .where(inArray(solicitacoes.id, rows.slice(30, 50)));
    expect(await page('admin', { q: 'LIM', uf: 'RJ' }).then((p) => [p.total, p.total_limitado])).toEqual([
      30,
      false,
    ]);
    expect(await page('admin', { q: 'LI', status: 3 }).then((p) => [p.total, p.total_limitado])).toEqual([
      20,
      false,
    ]);
    expect(await page('admin', { q: 'LIM', uf: 'SP' }).then((p) => [p.total, p.total_limitado])).toEqual([
      971,
      false,
    ]);
    await t.app.db.delete(solicitacoes).where(inArray(solicitacoes.id, rows));
    expect(await page('admin', { q: 'LIM' }).then((p) => [p.total, p.total_limitado])).toEqual([0, false]);
  });
});

describe('a UF or concessionaire total never counts another scope', () => {
  let mine: number[] = [];
  let theirs: number[] = [];
  beforeAll(async () => {
    // The requester's company has 2 rows in RJ; the tower company 5 rows in RJ and 3 in MG, some under another regional.
    mine = await insertRows(t.app, [
      { uf: 'RJ', regional: 1, idEmpresa: co.solicitante, idConcessionaria: conc[0]!, unidade: 'ESC1' },
      { uf: 'RJ', regional: 1, idEmpresa: co.solicitante, idConcessionaria: conc[1]!, unidade: 'ESC2' },
    ]);
    theirs = await insertRows(
      t.app,
      Array.from({ length: 8 }, (_, i) => ({
        uf: i < 5 ? 'RJ' : 'MG',
        regional: i % 2 ? 1 : 7,
        idEmpresa: co.tower,
        idConcessionaria: conc[i % 2]!,
        unidade: `ESCT${i}`,
      })),
    );
  });

  const totalsVsRows = async () => {
    const problems: string[] = [];
    for (const who of DEMO_NAMES)
      problems.push(
        ...(await totalsDisagreeing(t.app, tok[who]!, who, [
          { uf: 'RJ' },
          { uf: 'MG' },
          { uf: 'RJ', regional: 1 },
          { uf: 'RJ', regional: 7 },
          { concessionaria: conc[0] },
          { concessionaria: conc[1], uf: 'RJ' },
          { concessionaria: conc[0], status: 1 },
          { uf: 'RJ', q: 'ES' },
          { uf: 'RJ', q: 'ESC' },
        ])),
      );
    return problems;
  };

  it("the requester counts only its company's rows in a UF (2 in RJ, none in MG), whatever the other companies hold", async () => {
    expect(
      await page('solicitante', { uf: 'RJ', per_page: 50 }).then((p) => [
        p.total,
        p.dados.map((r) => r.id).sort(),
      ]),
    ).toEqual([2, [...mine].sort()]);
    expect(await page('solicitante', { uf: 'MG' }).then((p) => [p.total, p.dados])).toEqual([0, []]);
    expect(await page('solicitante', { concessionaria: conc[0] }).then((p) => p.total)).toBe(1);
  });

  it("the regional role counts only its regionals' rows in a UF", async () => {
    const user = await sessionUser(t.app, 'regional@demo.portal');
    const seen = await allByNumber(t.app, tok.regional!, LISTS.energiaNova, { uf: 'RJ' }, 50);
    const p = await page('regional', { uf: 'RJ' });
    expect(p.total).toBe(seen.length);
    // Its regionals decide: rows of regional 1 are counted only if it holds regional 1.
    const rows = await t.app.db
      .select({ id: solicitacoes.id, regional: solicitacoes.regional, uf: solicitacoes.uf })
      .from(solicitacoes)
      .where(inArray(solicitacoes.id, [...mine, ...theirs]));
    const inScope = rows.filter((r) => r.uf === 'RJ' && user.regionais.includes(r.regional!));
    expect(seen.filter((id) => [...mine, ...theirs].includes(id)).sort()).toEqual(
      inScope.map((r) => r.id).sort(),
    );
  });

  it('for every role and form, each UF / concessionaire total equals the rows it pages through', async () => {
    expect(await totalsVsRows()).toEqual([]);
  }, 600_000);

  it('after rows move UF, concessionaire, company, regional and status, or are deleted, the totals follow', async () => {
    await t.app.db
      .update(solicitacoes)
      .set({ idEmpresa: co.solicitante })
      .where(inArray(solicitacoes.id, theirs.slice(0, 2)));
    await t.app.db
      .update(solicitacoes)
      .set({ uf: 'MG' })
      .where(inArray(solicitacoes.id, mine.slice(0, 1)));
    await t.app.db
      .update(solicitacoes)
      .set({ idConcessionaria: conc[2]! })
      .where(inArray(solicitacoes.id, theirs.slice(2, 4)));
    await t.app.db
      .update(solicitacoes)
      .set({ uf: null, idConcessionaria: null })
      .where(inArray(solicitacoes.id, theirs.slice(4, 5)));
    await t.app.db
      .update(solicitacoes)
      .set({ regional: 7, status: 3 })
      .where(inArray(solicitacoes.id, theirs.slice(5, 6)));
    await t.app.db.delete(solicitacoes).where(inArray(solicitacoes.id, theirs.slice(6, 7)));
    expect(await page('solicitante', { uf: 'RJ' }).then((p) => p.total)).toBe(3);
    expect(await page('solicitante', { uf: 'MG' }).then((p) => p.total)).toBe(1);
    expect(await totalsVsRows()).toEqual([]);
    expect(await counterDrift(t.app.db)).toEqual([]);
  }, 600_000);
});
