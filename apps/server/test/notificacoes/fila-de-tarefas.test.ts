import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { eq, inArray, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filaTarefas, solicitacoes } from '../../src/db/schema.ts';
import { openDatabase } from '../../src/db/client.ts';
import {
  claimDueTasks,
  enqueue,
  MAX_ATTEMPTS,
  registerQueueWorker,
  runDueTasks,
  type TaskHandlers,
} from '../../src/jobs/queue.ts';
import { createMailer } from '../../src/mail/mailer.ts';
import { STATUS_MAIL, statusMailHandler } from '../../src/modules/notificacoes/status-mail.ts';
import { createTestApp, login, type TestApp } from '../support/test-app.ts';
import { createAndMove, mailTasksOf, setTspFocalPoints } from './support.ts';

/**
 * The job queue of fila_tarefas (issue 15 point 6, reused by issue 16): an SMTP outage never
 * fails a save, a failed task keeps its error and is tried again later up to a bound, a claim is
 * exclusive, and the worker runs with the app and stops with it.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
/** An SMTP port where nothing answers: every connection is refused. */
let deadSmtp: string;
beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['solicitante', 'regional']) tokens[who] = await login(t.app, `${who}@demo.portal`);
  await setTspFocalPoints(t.app, []);
  const probe: Server = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  deadSmtp = `smtp://127.0.0.1:${(probe.address() as AddressInfo).port}`;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
});
afterAll(() => t.close());

const silent = pino({ level: 'silent' });
const mailHandlers = (smtpUrl: string | undefined): TaskHandlers => ({
  [STATUS_MAIL]: statusMailHandler({
    db: t.app.db,
    mailer: createMailer({ ...t.config, smtpUrl }, silent),
    publicUrl: t.config.publicUrl,
  }),
});
/** Makes the given tasks due now, as if their backoff had passed. */
const makeDue = (ids: number[]) =>
  t.app.db
    .update(filaTarefas)
    .set({ executarEm: sql`now()` })
    .where(inArray(filaTarefas.id, ids));

describe('an SMTP outage', () => {
  it('leaves the save committed; the e-mail fails, keeps its error, is retried with backoff and finally sent', async () => {
    const { id, moved } = await createAndMove(t.app, {
      requester: tokens.solicitante!,
      mover: tokens.regional!,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const [row] = await t.app.db.select().from(solicitacoes).where(eq(solicitacoes.id, id));
    expect(row!.status).toBe(1);

    const [task] = await mailTasksOf(t.app, id);
    expect(task).toBeDefined();
    const first = await runDueTasks(t.app.db, mailHandlers(deadSmtp));
    expect(first).toMatchObject({ claimed: 1, failed: 1 });
    let [after] = await t.app.db.select().from(filaTarefas).where(eq(filaTarefas.id, task!.id));
    expect(after).toMatchObject({
      tentativas: 1,
      concluidaEm: null,
      ultimoErro: expect.stringMatching(/ECONNREFUSED/),
    });
    // Not due again at once: the next attempt waits (30 s after the first failure).
    expect(after!.executarEm.getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect((await runDueTasks(t.app.db, mailHandlers(deadSmtp))).claimed).toBe(0);

    await makeDue([task!.id]);
    await runDueTasks(t.app.db, mailHandlers(deadSmtp));
    [after] = await t.app.db.select().from(filaTarefas).where(eq(filaTarefas.id, task!.id));
    expect(after).toMatchObject({ tentativas: 2, concluidaEm: null });
    // The wait grows: about a minute after the second failure.
    expect(after!.executarEm.getTime()).toBeGreaterThan(Date.now() + 50_000);

    // Mail is back (the outbox): the next attempt sends it and the task is done.
    await makeDue([task!.id]);
    expect(await runDueTasks(t.app.db, mailHandlers(undefined))).toMatchObject({ claimed: 1, failed: 0 });
    [after] = await t.app.db.select().from(filaTarefas).where(eq(filaTarefas.id, task!.id));
    expect(after).toMatchObject({ tentativas: 3, concluidaEm: expect.any(Date), ultimoErro: null });
  });

  it(`gives a task up after ${MAX_ATTEMPTS} attempts, keeping why`, async () => {
    const { id } = await createAndMove(t.app, { requester: tokens.solicitante!, mover: tokens.regional! });
    const [task] = await mailTasksOf(t.app, id);
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      await makeDue([task!.id]);
      await runDueTasks(t.app.db, mailHandlers(deadSmtp));
    }
    const [after] = await t.app.db.select().from(filaTarefas).where(eq(filaTarefas.id, task!.id));
    expect(after).toMatchObject({
      tentativas: MAX_ATTEMPTS,
      concluidaEm: expect.any(Date),
      ultimoErro: expect.stringMatching(
        new RegExp(`^Desistência após ${MAX_ATTEMPTS} tentativas: .*ECONNREFUSED`),
      ),
    });
    await makeDue([task!.id]);
    expect((await runDueTasks(t.app.db, mailHandlers(undefined))).claimed).toBe(0);
  });

  it('a task of a kind nobody handles fails like any error instead of vanishing', async () => {
    await enqueue(t.app.db, 'tipo-inexistente', { x: 1 });
    const [task] = await t.app.db.select().from(filaTarefas).where(eq(filaTarefas.tipo, 'tipo-inexistente'));
    await runDueTasks(t.app.db, {});
    const [after] = await t.app.db.select().from(filaTarefas).where(eq(filaTarefas.id, task!.id));
    expect(after).toMatchObject({
      tentativas: 1,
      concluidaEm: null,
      ultimoErro: 'tipo de tarefa desconhecido: tipo-inexistente',
    });
  });
});

describe('claiming tasks', () => {
  it('is exclusive: concurrent workers never claim the same task, and together claim them all', async () => {
    // A second handle on the same database: on PostgreSQL its own pool, so the claims truly race.
    const other = t.config.databaseUrl ? await openDatabase(t.config, silent) : undefined;
    try {
      await t.app.db.update(filaTarefas).set({ concluidaEm: sql`now()` });
      const values = Array.from({ length: 120 }, (_, i) => ({ tipo: 'corrida', dados: { i } }));
      await t.app.db.insert(filaTarefas).values(values);
      const dbs = [t.app.db, other?.db ?? t.app.db];
      const claimed: number[] = [];
      const worker = async (n: number) => {
        for (;;) {
          const tasks = await claimDueTasks(dbs[n % 2]!, 7);
          if (tasks.length === 0) return;
          claimed.push(...tasks.map((task) => task.id));
        }
      };
      await Promise.all([0, 1, 2, 3, 4, 5].map(worker));
      expect(claimed).toHaveLength(120);
      expect(new Set(claimed).size).toBe(120);
    } finally {
      await other?.close();
    }
  });
});

describe('the worker', () => {
  it('runs due tasks once the app is ready and stops when it closes', async () => {
    const ran: unknown[] = [];
    const app = await createTestApp({}, (a) =>
      registerQueueWorker(a, { eco: async (dados) => void ran.push(dados) }, 50),
    );
    try {
      await enqueue(app.app.db, 'eco', { n: 1 });
      await expect.poll(() => ran.length, { timeout: 10_000 }).toBe(1);
      const [task] = await app.app.db.select().from(filaTarefas).where(eq(filaTarefas.tipo, 'eco'));
      expect(task).toMatchObject({ tentativas: 1, concluidaEm: expect.any(Date) });
    } finally {
      await app.close();
    }
    expect(ran).toEqual([{ n: 1 }]);
  });
});
