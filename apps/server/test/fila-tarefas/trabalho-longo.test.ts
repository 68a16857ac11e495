import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { filaTarefas } from '../../src/db/schema.ts';
import {
  claimDueTasks,
  enqueue,
  LEASE_MS,
  registerQueueWorker,
  runDueTasks,
  type TaskHandler,
} from '../../src/jobs/queue.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Long work in the queue (issue 16: imports and large exports): a kind states its own time, the
 * claim stays alive while it runs, the worker runs tasks side by side so a long one does not hold
 * the e-mails up, and `wake()` claims at once (the shutdown: shutdown/queue-drain.test.ts).
 */

const rowsOf = (t: TestApp, tipo: string) =>
  t.app.db.select().from(filaTarefas).where(eq(filaTarefas.tipo, tipo)).orderBy(filaTarefas.id);

/** A handler that runs until `release()` or until its task's signal aborts. */
function heldHandler() {
  let release = () => {};
  const started: number[] = [];
  const handler: TaskHandler = (dados, task) =>
    new Promise<void>((resolve, reject) => {
      started.push((dados as { n: number }).n);
      release = resolve;
      task.signal.addEventListener('abort', () => reject(task.signal.reason as Error), { once: true });
    });
  return { handler, started, release: () => release() };
}

describe('a long task, run by the tests’ round (runDueTasks)', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t?.close());
  afterEach(() => vi.useRealTimers());

  it('a kind’s own timeoutMs replaces the default: past it the attempt fails with the time in its error', async () => {
    const tipo = 'prazo-proprio';
    await enqueue(t.app.db, tipo, {});
    const { handler } = heldHandler();
    const started = Date.now();
    const round = await runDueTasks(t.app.db, { [tipo]: Object.assign(handler, { timeoutMs: 1_000 }) });
    expect(round).toEqual({ claimed: 1, failed: 1 });
    expect(Date.now() - started).toBeLessThan(10_000);
    const [row] = await rowsOf(t, tipo);
    expect(row!.ultimoErro).toBe('a tarefa passou de 1 s');
    expect(row!.concluidaEm).toBeNull();
  });

  it('the claim of a task still running is renewed every third of the lease, so no other worker takes it', async () => {
    const tipo = 'prazo-renovado';
    await enqueue(t.app.db, tipo, {});
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const held = heldHandler();
    const round = runDueTasks(t.app.db, { [tipo]: Object.assign(held.handler, { timeoutMs: 60 * 60_000 }) });
    await expect.poll(() => held.started.length).toBe(1);
    const [claimed] = await rowsOf(t, tipo);

    // Two thirds of the lease on, the claim reaches further than the first lease did.
    await vi.advanceTimersByTimeAsync((2 * LEASE_MS) / 3);
    await expect
      .poll(async () => (await rowsOf(t, tipo))[0]!.executarEm.getTime())
      .toBeGreaterThan(claimed!.executarEm.getTime());
    expect(await claimDueTasks(t.app.db)).toEqual([]);

    held.release();
    expect(await round).toEqual({ claimed: 1, failed: 0 });
    expect((await rowsOf(t, tipo))[0]!.concluidaEm).not.toBeNull();
  });
});

describe('the worker', () => {
  let t: TestApp;
  const long = heldHandler();
  const quick: number[] = [];
  const handlers = {
    longa: Object.assign(long.handler, { timeoutMs: 60 * 60_000 }),
    curta: async (dados: unknown) => void quick.push((dados as { n: number }).n),
  };
  // A poll far longer than the test: whatever runs at once was claimed by a wake or a freed slot.
  beforeAll(
    async () => (t = await createTestApp({}, (app) => registerQueueWorker(app, handlers, 60 * 60_000))),
  );
  afterAll(() => t?.close());

  it('runs a short task beside a long one, and wake() claims a task enqueued after the start at once', async () => {
    await enqueue(t.app.db, 'longa', { n: 1 });
    t.app.queue.wake();
    await expect.poll(() => long.started).toEqual([1]);

    await enqueue(t.app.db, 'curta', { n: 2 });
    t.app.queue.wake();
    await expect.poll(() => quick, { timeout: 5_000 }).toEqual([2]);
    const [longRow] = await rowsOf(t, 'longa');
    expect(longRow!.concluidaEm).toBeNull();
    long.release();
  });
});
