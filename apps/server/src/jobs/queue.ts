import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database, DbOrTx } from '../db/client.ts';
import { filaTarefas } from '../db/schema.ts';
import { jobAttemptsFailed, jobsGivenUp } from '../observability/job-metrics.ts';

/**
 * Background work kept in the database (table fila_tarefas, migration 0008), the same on
 * PostgreSQL and PGlite: a task is inserted in the transaction of the change that needs it, so it
 * exists exactly when that change committed; a worker claims due tasks, runs them outside any
 * transaction, marks them done, or keeps the error and tries again later (docs/decisions.md).
 */

export interface Task {
  id: number;
  tipo: string;
  dados: unknown;
  /** Attempts so far, this one included. */
  tentativas: number;
}

/** What runs a task of one kind; throwing (or timing out) counts as a failed attempt. */
export type TaskHandler = (dados: unknown, task: Task) => Promise<void>;
export type TaskHandlers = Record<string, TaskHandler>;

/** Attempts before a task is given up (kept, with its last error, as concluded). */
export const MAX_ATTEMPTS = 6;
/**
 * How long a claimed task is hidden from other claims. A worker that dies mid-task leaves it to be
 * claimed again after this; a handler is cut off well before it (HANDLER_TIMEOUT_MS), so a task
 * never runs twice at once.
 */
export const LEASE_MS = 5 * 60_000;
export const HANDLER_TIMEOUT_MS = 60_000;
/** How often the worker looks for due tasks. */
export const QUEUE_POLL_MS = 2_000;
/** Tasks claimed per round. */
const BATCH = 10;

/** Wait before attempt n+1 after n failures: 30 s, 1 min, 2 min, 4 min, 8 min… at most 1 h. */
export const backoffMs = (attempts: number): number => Math.min(30_000 * 2 ** (attempts - 1), 60 * 60_000);

/** Adds a task; call it with the transaction of the change it belongs to. */
export async function enqueue(db: DbOrTx, tipo: string, dados: unknown, runAt?: Date): Promise<void> {
  await db.insert(filaTarefas).values({ tipo, dados, ...(runAt && { executarEm: runAt }) });
}

/**
 * Claims up to `limit` due tasks in one short transaction: FOR UPDATE SKIP LOCKED passes over rows
 * another worker is claiming, and moving `executar_em` past the lease hides the claimed ones from
 * every later claim until they are done or failed. The attempt is counted at the claim, so a task
 * whose worker died still reaches MAX_ATTEMPTS.
 */
export async function claimDueTasks(db: Database, limit = BATCH): Promise<Task[]> {
  const leaseSeconds = LEASE_MS / 1000;
  const result = await db.execute(sql`
    update ${filaTarefas} set
      tentativas = tentativas + 1,
      executar_em = now() + make_interval(secs => ${leaseSeconds})
    where id in (
      select id from ${filaTarefas}
      where concluida_em is null and executar_em <= now()
      order by executar_em, id
      limit ${limit}
      for update skip locked
    )
    returning id, tipo, dados, tentativas`);
  // Both drivers answer { rows }; a bigint id may come as text.
  const { rows } = result as unknown as {
    rows: { id: string | number; tipo: string; dados: unknown; tentativas: number }[];
  };
  return rows.map((r) => ({ id: Number(r.id), tipo: r.tipo, dados: r.dados, tentativas: r.tentativas }));
}

export async function markDone(db: Database, id: number): Promise<void> {
  await db.execute(sql`update ${filaTarefas} set concluida_em = now(), ultimo_erro = null where id = ${id}`);
}

/**
 * Keeps the error and schedules the next attempt; after MAX_ATTEMPTS the task is concluded with
 * its error kept (concluida_em and ultimo_erro both set = given up).
 */
export async function markFailed(db: Database, task: Task, error: string): Promise<void> {
  const givenUp = task.tentativas >= MAX_ATTEMPTS;
  jobAttemptsFailed.inc({ tipo: task.tipo });
  if (givenUp) jobsGivenUp.inc({ tipo: task.tipo });
  const message = (givenUp ? `Desistência após ${task.tentativas} tentativas: ${error}` : error).slice(
    0,
    2000,
  );
  const retrySeconds = backoffMs(task.tentativas) / 1000;
  await db.execute(
    givenUp
      ? sql`update ${filaTarefas} set ultimo_erro = ${message}, concluida_em = now() where id = ${task.id}`
      : sql`update ${filaTarefas} set ultimo_erro = ${message},
              executar_em = now() + make_interval(secs => ${retrySeconds}) where id = ${task.id}`,
  );
}

const describe = (err: unknown) => (err instanceof Error ? err.message : String(err)) || 'erro sem mensagem';

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`a tarefa passou de ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * One round: claims the due tasks and runs each with its kind's handler. A kind without handler
 * fails like any error (kept, retried, given up), never silently dropped. Returns how many ran.
 */
export async function runDueTasks(
  db: Database,
  handlers: TaskHandlers,
  log?: Pick<FastifyBaseLogger, 'warn'>,
  limit = BATCH,
  stopping: () => boolean = () => false,
): Promise<{ claimed: number; failed: number }> {
  const tasks = await claimDueTasks(db, limit);
  let failed = 0;
  for (const [index, task] of tasks.entries()) {
    // Shutting down: the task under way finished; the claimed ones not started go back, due now.
    if (stopping()) {
      await releaseClaims(db, tasks.slice(index));
      break;
    }
    try {
      const handler = handlers[task.tipo];
      if (!handler) throw new Error(`tipo de tarefa desconhecido: ${task.tipo}`);
      await withTimeout(handler(task.dados, task), HANDLER_TIMEOUT_MS);
      await markDone(db, task.id);
    } catch (err) {
      failed++;
      const error = describe(err);
      log?.warn(
        { tarefa: task.id, tipo: task.tipo, tentativas: task.tentativas, erro: error },
        'tarefa da fila falhou',
      );
      await markFailed(db, task, error);
    }
  }
  return { claimed: tasks.length, failed };
}

/** Undoes the claim of tasks not started: due now, the attempt not counted, for any worker to take. */
async function releaseClaims(db: Database, tasks: Task[]): Promise<void> {
  const ids = sql.join(
    tasks.map((task) => sql`${task.id}`),
    sql`, `,
  );
  await db.execute(
    sql`update ${filaTarefas} set executar_em = now(), tentativas = tentativas - 1 where id in (${ids})`,
  );
}

/**
 * Runs the queue in this process once the app is ready, every `intervalMs` (at once again while
 * rounds come back full), one round at a time; stops when the app closes, waiting for the task
 * under way and handing back the round's tasks not started (a task cut short by the process
 * ending is claimed again after its lease). A failed round (database away) is logged and the next one tried later.
 */
export function registerQueueWorker(app: FastifyInstance, handlers: TaskHandlers, intervalMs: number): void {
  if (intervalMs <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let closed = false;

  const schedule = (delay: number) => {
    timer = setTimeout(() => {
      let again = false;
      running = runDueTasks(app.db, handlers, app.log, BATCH, () => closed)
        .then(({ claimed }) => void (again = claimed === BATCH))
        .catch((err: unknown) => app.log.warn({ err }, 'rodada da fila de tarefas falhou'))
        .finally(() => {
          if (!closed) schedule(again ? 0 : intervalMs);
        });
    }, delay);
    // A pending round never keeps the process alive on its own.
    timer.unref();
  };

  app.addHook('onReady', async () => schedule(0));
  // Before the onClose hooks, one of which closes the database the round may be using.
  app.addHook('preClose', async () => {
    closed = true;
    clearTimeout(timer);
    await running;
  });
}

/** A task given up: concluded with its last error kept (markFailed after MAX_ATTEMPTS). */
export const givenUp = and(isNotNull(filaTarefas.concluidaEm), isNotNull(filaTarefas.ultimoErro))!;
/** A task that failed and waits for its next attempt. */
export const retrying = and(isNull(filaTarefas.concluidaEm), isNotNull(filaTarefas.ultimoErro))!;

/**
 * Puts a given-up task back in the queue, due now, with its attempts and error cleared (it gets
 * MAX_ATTEMPTS again). One conditional update, so two administrators requeueing at once queue it
 * once. False when `id` is no given-up task.
 */
export async function requeueGivenUp(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .update(filaTarefas)
    .set({ tentativas: 0, ultimoErro: null, concluidaEm: null, executarEm: sql`now()` })
    .where(and(eq(filaTarefas.id, id), givenUp))
    .returning({ id: filaTarefas.id });
  return rows.length > 0;
}

/** Removes a failed task (given up or waiting to retry); false when `id` is no such task. */
export async function discardFailed(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .delete(filaTarefas)
    .where(and(eq(filaTarefas.id, id), isNotNull(filaTarefas.ultimoErro)))
    .returning({ id: filaTarefas.id });
  return rows.length > 0;
}
