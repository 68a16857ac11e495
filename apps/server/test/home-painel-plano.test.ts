import { ALL_FLOW_KINDS, myQueueStatuses, todayInBrasilia, type SessionUser } from '@portal/domain';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oldestQuery, recentOpenQuery } from '../src/modules/home/dashboard-overview.ts';
import { insertSyntheticRequests } from './support/synthetic-requests.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Issue 15 point 1 (speed, issue 12's dashboard target): the overview reads counters for its
 * totals; the two reads of the requests themselves (open requests of the last 90 days, the oldest
 * request date of each status waited on) use an index, never a sequential scan, at 100,000 requests.
 */
let t: TestApp;
const users = new Map<string, SessionUser>();
beforeAll(async () => {
  t = await createTestApp();
  await insertSyntheticRequests(t.app.db, 100_000);
  // As autovacuum leaves a table at rest: statistics, and the visibility map index-only scans need.
  await t.app.db.execute(sql`vacuum analyze solicitacoes`);
  for (const who of ['celula', 'regional', 'solicitante', 'tower']) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: `${who}@demo.portal`, password: 'Portal@2026' },
    });
    users.set(who, (res.json() as { user: SessionUser }).user);
  }
}, 180_000);
afterAll(() => t.close());

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

async function planOf(query: SQL) {
  const result = (await t.app.db.execute(sql`explain (format json) ${query}`)) as unknown as {
    rows: { 'QUERY PLAN': [{ Plan: PlanNode }] | string }[];
  };
  const plan = result.rows[0]!['QUERY PLAN'];
  return nodesOf((typeof plan === 'string' ? JSON.parse(plan) : plan)[0].Plan);
}

const readsOfRequests = (nodes: PlanNode[]) =>
  nodes
    .filter((n) => n['Relation Name'] === 'solicitacoes')
    .map((n) => `${n['Node Type']} ${n['Index Name'] ?? ''}`);

describe("the dashboard overview's reads of the requests at 100,000 requests", () => {
  const today = todayInBrasilia(new Date());

  it.each(['celula', 'regional', 'solicitante', 'tower'])(
    '%s: open requests of the last 90 days are counted off an index',
    async (who) => {
      const reads = readsOfRequests(
        await planOf(recentOpenQuery(users.get(who)!, [...ALL_FLOW_KINDS], today)),
      );
      expect(reads.length).toBeGreaterThan(0);
      for (const read of reads) expect(read).not.toMatch(/Seq Scan/);
    },
  );

  it('the cell (every request) counts them from the index alone', async () => {
    const reads = readsOfRequests(
      await planOf(recentOpenQuery(users.get('celula')!, [...ALL_FLOW_KINDS], today)),
    );
    for (const read of reads) expect(read).toBe('Index Only Scan solicitacoes_status_pedido_idx');
  });

  it.each(['celula', 'regional', 'tower'])(
    '%s: the oldest request of each waited status is read off an index',
    async (who) => {
      const user = users.get(who)!;
      const wanted = ALL_FLOW_KINDS.flatMap(({ flow, kind }) =>
        myQueueStatuses(user, flow).map((status) => ({ flow, kind, status })),
      );
      const reads = readsOfRequests(await planOf(oldestQuery(user, wanted, today)));
      expect(reads.length).toBeGreaterThan(0);
      for (const read of reads) expect(read).not.toMatch(/Seq Scan/);
    },
  );
});
