import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, rowsOf, type Harness } from './support.ts';

/**
 * Paging of /logs: the pages of a filter together hold each of its rows exactly once, newest first;
 * `total` is exact up to ten pages past the one asked (at least 1,000 rows, docs/decisions/lists-and-search.md, D-LST-004) and
 * beyond it is that limit with `total_limitado: true`.
 */
let h: Harness;
const MASS = 1_234;
let massIds: number[];

beforeAll(async () => {
  h = await harness();
  await h.t.app.db.execute(sql`
    insert into audit_log (id_usuario, acao, entidade, entidade_id)
    select ${h.ids.tower}, 'editar', 'massa', g::text from generate_series(1, ${MASS}) g`);
  const rows = (await h.t.app.db.execute(
    sql`select id::int as id from audit_log where entidade = 'massa' order by id desc`,
  )) as unknown as { rows: { id: number }[] };
  massIds = rows.rows.map((r) => r.id);
});
afterAll(() => h.t.close());

const expectedTotal = (count: number, page: number, per: number) => {
  const limit = Math.min(10_000, Math.max(1_000, (page - 1) * per + 10 * per));
  return { total: Math.min(count, limit), total_limitado: count > limit };
};

describe('a small filter', () => {
  it('pages of every size hold each row once, newest first, and every page states the same exact total', async () => {
    for (const per of [5, 10, 25, 50]) {
      const seen: number[] = [];
      let total: number | undefined;
      for (let page = 1; ; page++) {
        const res = await h.list({ acao: 'login', per_page: per, page });
        expect(res.statusCode, res.body).toBe(200);
        const json = res.json();
        expect(json.total_limitado).toBe(false);
        total ??= json.total;
        expect(json.total, `per ${per} page ${page}`).toBe(total);
        const ids = rowsOf(res).map((r) => r.id);
        if (!ids.length) break;
        expect(ids.length).toBeLessThanOrEqual(per);
        seen.push(...ids);
      }
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.length).toBe(total);
      expect(seen).toEqual([...seen].sort((a, b) => b - a));
    }
  });
});

describe(`a filter of ${MASS} rows (past the 1,000 a first page counts)`, () => {
  it('each page states total and total_limitado by the rule, and never less than the rows it has shown', async () => {
    const broken: string[] = [];
    for (const [page, per] of [
      [1, 5],
      [1, 50],
      [2, 50],
      [10, 50],
      [11, 50],
      [20, 50],
      [25, 50],
      [26, 50],
      [99, 10],
      [100, 10],
      [124, 10],
      [200, 5],
      [1999, 5],
    ]) {
      const json = (await h.list({ entidade: 'massa', page, per_page: per })).json();
      const want = expectedTotal(MASS, page!, per!);
      if (json.total !== want.total || json.total_limitado !== want.total_limitado)
        broken.push(
          `page ${page} per ${per}: ${json.total}/${json.total_limitado}, expected ${want.total}/${want.total_limitado}`,
        );
      // What the screen says ("Mostrando X para Y de Z") must hold: Y never past Z unless "mais de".
      const shownUpTo = (page! - 1) * per! + json.dados.length;
      if (json.dados.length && shownUpTo > json.total)
        broken.push(`page ${page} per ${per}: shows up to ${shownUpTo} of ${json.total}`);
      if (!json.total_limitado && json.total !== MASS)
        broken.push(`page ${page} per ${per}: exact total ${json.total} ≠ ${MASS}`);
    }
    expect(broken).toEqual([]);
  });

  it('walking every page holds each row exactly once, in id order, newest first', async () => {
    const seen: number[] = [];
    for (let page = 1; ; page++) {
      const res = await h.list({ entidade: 'massa', page, per_page: 50 });
      expect(res.statusCode).toBe(200);
      const ids = rowsOf(res).map((r) => r.id);
      if (!ids.length) break;
      seen.push(...ids);
    }
    expect(seen).toEqual(massIds);
  });

  it('a filter combined with others counts and pages only its own rows', async () => {
    const json = (
      await h.list({ entidade: 'massa', acao: 'editar', id_usuario: h.ids.tower, per_page: 50, page: 25 })
    ).json();
    expect(json.dados.map((r: { id: number }) => r.id)).toEqual(massIds.slice(24 * 50, 25 * 50));
    expect(json).toMatchObject({ total: MASS, total_limitado: false });
    const none = (await h.list({ entidade: 'massa', acao: 'criar' })).json();
    expect(none).toMatchObject({ total: 0, total_limitado: false, dados: [] });
  });
});

describe('paging while the log grows', () => {
  it('a new entry written between two page reads (someone signs in) repeats no row on the next page, when the client sends the last id it saw (apos, as the request lists do)', async () => {
    const first = rowsOf(await h.list({ per_page: 5, page: 1 }));
    // Every sign-in writes an audit row: the log grows at the top while an administrator pages.
    const signIn = await h.t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: {
        email: 'regional@demo.portal',
        password: (await import('../../src/db/seed/demo-data.ts')).DEMO_PASSWORD,
      },
    });
    expect(signIn.statusCode).toBe(200);
    const second = rowsOf(await h.list({ per_page: 5, page: 2, apos: first.at(-1)!.id }));
    const both = [...first, ...second].map((r) => r.id);
    expect(new Set(both).size, `page 1 ${first.map((r) => r.id)} page 2 ${second.map((r) => r.id)}`).toBe(
      both.length,
    );
    expect(both).toEqual([...both].sort((a, b) => b - a));
  });
});
