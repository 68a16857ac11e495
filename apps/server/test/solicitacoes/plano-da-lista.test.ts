import { and, desc, eq, fillPlaceholders, sql } from 'drizzle-orm';
import { solicitacoes } from '../../src/db/schema.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestListQuery as ListQuery, SessionUser } from '@portal/domain';
import { listValues, requestPageQuery, resolveListFilter } from '../../src/requests-core/repo.ts';
import { insertSyntheticRequests } from '../support/synthetic-requests.ts';
import { planNodes } from '../support/query-plan.ts';
import { createTestApp, sessionUser, type TestApp } from '../support/test-app.ts';

/**
 * Issue 12: every role's list reads its page off an index at 100,000 requests — never a
 * sequential scan of the requests table — and a deep page picks its ids from the index alone.
 */
let t: TestApp;
const users = new Map<string, SessionUser>();
beforeAll(async () => {
  t = await createTestApp();
  await insertSyntheticRequests(t.app.db, 100_000);
  // As autovacuum leaves a table at rest: statistics, and the visibility map index-only scans need.
  await t.app.db.execute(sql`vacuum analyze solicitacoes`);
  for (const who of ['celula', 'regional', 'solicitante'])
    users.set(who, await sessionUser(t.app, `${who}@demo.portal`));
}, 180_000);
afterAll(() => t.close());

let statements = 0;
/** EXPLAIN EXECUTE takes no bound parameters: the list's values (numbers, words, number arrays) as SQL literals. */
const literal = (value: unknown): string =>
  typeof value === 'number'
    ? String(value)
    : Array.isArray(value)
      ? `'{${value.map(Number).join(',')}}'`
      : `'${String(value).replaceAll("'", "''")}'`;

/** The plan of the list's prepared statement as the server runs it: planned for its values. */
async function planOf(who: string, query: Partial<ListQuery>) {
  const user = users.get(who)!;
  // The search's requesters are looked up first, as listRequests does.
  const list = await resolveListFilter(t.app.db, {
    page: 1,
    per_page: 10,
    order: 'asc',
    ...query,
  } as ListQuery);
  const { sql: text, params } = requestPageQuery(t.app.db, user, list).toSQL();
  const values = fillPlaceholders(params, listValues(user, 'energia', 'nova', list));
  const name = `plano_da_lista_${++statements}`;
  return t.app.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`prepare ${name} as ${text}`));
    const nodes = await planNodes(tx, sql.raw(`execute ${name}(${values.map(literal).join(', ')})`));
    await tx.execute(sql.raw(`deallocate ${name}`));
    return nodes;
  });
}

describe("the plan of each role's list at 100,000 requests", () => {
  it('every execution of a prepared statement is planned for its values (a generic plan scans the table)', async () => {
    const result = (await t.app.db.execute(sql`show plan_cache_mode`)) as unknown as {
      rows: { plan_cache_mode: string }[];
    };
    expect(result.rows[0]?.plan_cache_mode).toBe('force_custom_plan');
  });

  const cases: [string, Partial<ListQuery>][] = [
    ['page 1', {}],
    ['a status filter', { status: [4] }],
    ['a quick search', { q: 'uc0000012' }],
    ['page 2,000', { page: 2000 }],
    ['sorted by unit', { sort: 'unidade', order: 'asc' }],
    // Issue 15: the filters and the contains-search the URL carries.
    ['several statuses', { status: [1, 4] }],
    ['a regional', { regional: 7 }],
    ['a UF', { uf: 'SP' }],
    ['a contains-search in the middle of an id', { q: '00012' }],
    ['a search by requester name', { q: 'sofia' }],
    ['sorted by last update', { sort: 'atualizado_em', order: 'desc' }],
  ];
  for (const who of ['celula', 'regional', 'solicitante']) {
    for (const [name, query] of cases) {
      it(`${who}, ${name}: no sequential scan of the requests`, async () => {
        const nodes = await planOf(who, query);
        const seqScans = nodes.filter(
          (n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'solicitacoes',
        );
        expect(seqScans, JSON.stringify(nodes.map((n) => [n['Node Type'], n['Index Name']]))).toEqual([]);
      });
    }
  }

  it.each([
    ['a UF no request has', { uf: 'RJ' }, ['solicitacoes_uf_pedido_idx']],
    ['a concessionaire no request has', { concessionaria: 1 }, ['solicitacoes_concessionaria_pedido_idx']],
    [
      'a two-character search',
      { q: '12' },
      ['solicitacoes_unidade_idx', 'solicitacoes_endereco_idx', 'solicitacoes_site_idx'],
    ],
  ] as [string, Partial<ListQuery>, string[]][])(
    'célula, %s: found by its own indexes, not by walking the whole form in date order',
    async (_name, query, indexes) => {
      const used = (await planOf('celula', query)).map((n) => n['Index Name']);
      for (const index of indexes) expect(used).toContain(index);
      expect(used).not.toContain('solicitacoes_fluxo_tipo_pedido_idx');
    },
  );

  it("célula, page 2,000: the page's ids come from the order's index alone (an index-only scan)", async () => {
    const nodes = await planOf('celula', { page: 2000 });
    expect(nodes).toContainEqual(
      expect.objectContaining({
        'Node Type': 'Index Only Scan',
        'Index Name': 'solicitacoes_fluxo_tipo_pedido_idx',
      }),
    );
  });

  it("célula, paging forward after a row: the page is read from that row on in the order's index (nothing skipped, nothing sorted)", async () => {
    const [row] = await t.app.db
      .select({ id: solicitacoes.id })
      .from(solicitacoes)
      .where(and(eq(solicitacoes.fluxo, 'energia'), eq(solicitacoes.tipo, 'nova')))
      .orderBy(desc(solicitacoes.dataPedido), desc(solicitacoes.id))
      .offset(19_999)
      .limit(1);
    const nodes = await planOf('celula', { page: 2001, apos: row!.id });
    const fromRow = nodes.find((n) => n['Index Name'] === 'solicitacoes_fluxo_tipo_pedido_idx');
    expect(
      fromRow?.['Index Cond'],
      JSON.stringify(nodes.map((n) => [n['Node Type'], n['Index Name']])),
    ).toContain('ROW(data_pedido, id) <');
    expect(nodes.some((n) => n['Node Type'] === 'Sort' || n['Node Type'] === 'Incremental Sort')).toBe(false);
  });
});
