import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filaTarefas } from '../../src/db/schema.ts';
import { enqueue, runDueTasks } from '../../src/jobs/queue.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

describe('the queue worker drains on shutdown (issue 16)', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t?.close());

  it('finishes the task under way and hands the round’s other claimed tasks back, due now, their attempt not counted', async () => {
    const kind = 'drenagem-teste';
    for (let n = 1; n <= 3; n++) await enqueue(t.app.db, kind, { n });
    const ran: number[] = [];
    let closing = false;
    const handlers = {
      [kind]: async (dados: unknown) => {
        ran.push((dados as { n: number }).n);
        // The shutdown begins while the first task runs.
        closing = true;
      },
    };

    expect(await runDueTasks(t.app.db, handlers, undefined, 10, () => closing)).toEqual({
      claimed: 3,
      failed: 0,
    });
    expect(ran).toEqual([1]);
    const rows = await t.app.db
      .select()
      .from(filaTarefas)
      .where(eq(filaTarefas.tipo, kind))
      .orderBy(filaTarefas.id);
    expect(rows.map((r) => [r.concluidaEm !== null, r.tentativas])).toEqual([
      [true, 1],
      [false, 0],
      [false, 0],
    ]);
    expect(rows.slice(1).every((r) => r.executarEm.getTime() <= Date.now() + 1000)).toBe(true);

    // Another instance (or this one, restarted) takes them at once, not after the lease.
    closing = false;
    await runDueTasks(t.app.db, handlers);
    expect(ran).toEqual([1, 2, 3]);
  });
});
