import { ALL_FLOW_KINDS, myQueueStatuses, todayInBrasilia, type SessionUser } from '@portal/domain';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oldestQuery, recentOpenQuery } from '../src/modules/home/repo.ts';
import { insertSyntheticRequests } from './support/synthetic-requests.ts';
import { planNodes, readsOf, type PlanNode } from './support/query-plan.ts';
import { createTestApp, sessionUser, type TestApp } from './support/test-app.ts';

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
  for (const who of ['celula', 'regional', 'solicitante', 'tower'])
    users.set(who, await sessionUser(t.app, `${who}@demo.portal`));
}, 180_000);
afterAll(() => t.close());

const planOf = (query: SQL) => planNodes(t.app.db, query);
const readsOfRequests = (nodes: PlanNode[]) => readsOf(nodes, 'solicitacoes');

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
