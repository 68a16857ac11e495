import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { filaTarefas } from '../../src/db/schema.ts';
import { enqueue, registerQueueWorker, type TaskHandler } from '../../src/jobs/queue.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The queue worker at shutdown (issue 16): it stops claiming, lets a short task under way finish
 * (an e-mail half sent is never handed back and sent twice), and stops long work through the
 * task's signal, handing it back due now with its attempt not counted, for any instance to take.
 */

type Row = typeof filaTarefas.$inferSelect;

/** An app whose worker runs `handlers`, and the rows of `kinds` as they are once the worker stopped. */
async function appWithWorker(handlers: Record<string, TaskHandler>) {
  const afterShutdown: Record<string, Row[]> = {};
  const rowsOf = (t: TestApp, tipo: string) =>
    t.app.db.select().from(filaTarefas).where(eq(filaTarefas.tipo, tipo));
  // A poll far longer than the test: tasks run because of wake().
  const t: TestApp = await createTestApp({}, (app) => {
    registerQueueWorker(app, handlers, 60 * 60_000);
    // Registered after the worker's own preClose, which waits for its tasks: the database is still open.
    app.addHook('preClose', async () => {
      for (const tipo of Object.keys(handlers)) afterShutdown[tipo] = await rowsOf(t, tipo);
    });
  });
  return { t, afterShutdown };
}

describe('the queue worker at shutdown', () => {
  it('lets a short task under way finish and marks it done, claimed once', async () => {
    let started = false;
    const sent: number[] = [];
    const { t, afterShutdown } = await appWithWorker({
      envio: async (dados) => {
        started = true;
        await new Promise((resolve) => setTimeout(resolve, 300));
        sent.push((dados as { n: number }).n);
      },
    });
    await enqueue(t.app.db, 'envio', { n: 1 });
    t.app.queue.wake();
    await expect.poll(() => started).toBe(true);

    await t.close();
    expect(sent).toEqual([1]);
    expect(afterShutdown.envio).toEqual([
      expect.objectContaining({ tentativas: 1, concluidaEm: expect.any(Date), ultimoErro: null }),
    ]);
  });

  it('stops a long task through its signal and hands it back, due now, its attempt not counted', async () => {
    let started = false;
    const { t, afterShutdown } = await appWithWorker({
      longa: Object.assign(
        (_dados: unknown, task: { signal: AbortSignal }) =>
          new Promise<void>((_, reject) => {
            started = true;
            task.signal.addEventListener('abort', () => reject(task.signal.reason as Error), { once: true });
          }),
        { timeoutMs: 60 * 60_000 },
      ),
    });
    await enqueue(t.app.db, 'longa', {});
    t.app.queue.wake();
    await expect.poll(() => started).toBe(true);

    await t.close();
    const [row] = afterShutdown.longa!;
    expect(row).toMatchObject({ concluidaEm: null, ultimoErro: null, tentativas: 0 });
    expect(row!.executarEm.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
  });
});
