import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { filaTarefas } from '../../src/db/schema.ts';
import {
  claimDueTasks,
  enqueue,
  LEASE_MS,
  LONG_TASK_SLOTS,
  pruneDoneTasks,
  registerQueueWorker,
  RetryLater,
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

  it('past its time a handler is told through its signal and waited for: the failure is kept only once it stopped', async () => {
    const tipo = 'prazo-esperado';
    await enqueue(t.app.db, tipo, {});
    let stopped = false;
    let errorWhileStopping: string | null | undefined;
    const slow: TaskHandler = (_dados, task) =>
      new Promise<void>((_, reject) => {
        task.signal.addEventListener('abort', () => {
          // It takes a while to stop; meanwhile no failure is recorded, so no retry is scheduled.
          setTimeout(async () => {
            errorWhileStopping = (await rowsOf(t, tipo))[0]!.ultimoErro;
            stopped = true;
            reject(new Error('parou'));
          }, 500);
        });
      });
    expect(await runDueTasks(t.app.db, { [tipo]: Object.assign(slow, { timeoutMs: 1_000 }) })).toEqual({
      claimed: 1,
      failed: 1,
    });
    expect(stopped).toBe(true);
    expect(errorWhileStopping).toBeNull();
    expect((await rowsOf(t, tipo))[0]!.ultimoErro).toBe('a tarefa passou de 1 s');
  });

  it('a handler that throws RetryLater is due again after its wait, its attempt not counted and no error kept', async () => {
    const tipo = 'adiada';
    await enqueue(t.app.db, tipo, {});
    const later: TaskHandler = async () => {
      throw new RetryLater(60_000);
    };
    expect(await runDueTasks(t.app.db, { [tipo]: later })).toEqual({ claimed: 1, failed: 0 });
    const [row] = await rowsOf(t, tipo);
    expect(row).toMatchObject({ tentativas: 0, ultimoErro: null, concluidaEm: null });
    expect(row!.executarEm.getTime()).toBeGreaterThan(Date.now() + 50_000);
  });

  it('a failure keeps no value of the statement that failed (a file’s row, an address)', async () => {
    const tipo = 'erro-com-valores';
    await enqueue(t.app.db, tipo, {});
    const failing: TaskHandler = async () => {
      throw new Error('Failed query: insert into x values ($1)\nparams: maria@empresa.com.br,ERB Lote 14');
    };
    await runDueTasks(t.app.db, { [tipo]: failing });
    const [row] = await rowsOf(t, tipo);
    expect(row!.ultimoErro).toContain('Failed query');
    expect(row!.ultimoErro).not.toContain('maria@empresa.com.br');
    expect(row!.ultimoErro).not.toContain('ERB Lote 14');
  });

  it('tasks done more than a week ago are removed; given-up ones and recent ones stay', async () => {
    const ids: Record<string, number> = {};
    for (const [name, values] of Object.entries({
      antiga: { concluidaEm: sql`now() - interval '8 days'` },
      recente: { concluidaEm: sql`now() - interval '1 day'` },
      desistida: {
        concluidaEm: sql`now() - interval '30 days'`,
        ultimoErro: 'Desistência após 6 tentativas',
      },
    })) {
      await enqueue(t.app.db, `limpeza-${name}`, {});
      const [row] = await rowsOf(t, `limpeza-${name}`);
      await t.app.db.update(filaTarefas).set(values).where(eq(filaTarefas.id, row!.id));
      ids[name] = row!.id;
    }
    await pruneDoneTasks(t.app.db);
    const left = await t.app.db.select({ id: filaTarefas.id }).from(filaTarefas);
    const leftIds = left.map((r) => r.id);
    expect(leftIds).not.toContain(ids.antiga);
    expect(leftIds).toEqual(expect.arrayContaining([ids.recente, ids.desistida]));
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

  it(`long work holds at most ${LONG_TASK_SLOTS} slots: a third long task waits while an e-mail still runs`, async () => {
    for (const n of [11, 12, 13]) await enqueue(t.app.db, 'longa', { n });
    t.app.queue.wake();
    await expect.poll(() => long.started.length).toBe(1 + LONG_TASK_SLOTS);
    await enqueue(t.app.db, 'curta', { n: 14 });
    t.app.queue.wake();
    await expect.poll(() => quick, { timeout: 5_000 }).toEqual([2, 14]);
    // Still only two long tasks under way, the third waiting in the queue, not given up.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(long.started).toHaveLength(1 + LONG_TASK_SLOTS);
    const waiting = (await rowsOf(t, 'longa')).filter((r) => r.concluidaEm === null && r.tentativas === 0);
    expect(waiting).toHaveLength(1);
  });
});
