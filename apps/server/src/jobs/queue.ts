import { and, eq, isNotNull, isNull, sql, type SQLWrapper } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database, DbOrTx } from '../db/client.ts';
import { filaTarefas } from '../db/schema.ts';
import { withoutSecrets } from '../http/log-serializers.ts';
import { jobAttemptsFailed, jobsGivenUp } from '../observability/job-metrics.ts';
import { registerPeriodic } from './periodic.ts';

/**
 * Background work kept in the database (table fila_tarefas, migration 0008), the same on
 * PostgreSQL and PGlite: a task is inserted in the transaction of the change that needs it, so it
 * exists exactly when that change committed; a worker claims due tasks, runs them outside any
 * transaction, marks them done, or keeps the error and tries again later (docs/decisions/server-infrastructure.md, D-INF-004).
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** `wake()` after committing a task: a worker in this process claims it now, not at its next poll. */
    queue: { wake: () => void };
  }
}

export interface Task {
  id: number;
  tipo: string;
  dados: unknown;
  /** Attempts so far, this one included. */
  tentativas: number;
  /**
   * Aborted when the process shuts down or the handler's time is up: long work checks it between
   * batches and stops by throwing. A task stopped by a shutdown goes back to the queue, its attempt
   * not counted.
   */
  signal: AbortSignal;
}

/**
 * What runs a task of one kind; throwing (or timing out) counts as a failed attempt. Long work
 * (imports, exports) states its own `timeoutMs`; the runner keeps its claim alive meanwhile.
 */
/** The reason a task's signal carries when its process shuts down; a timeout carries another. */
export class ShutdownInterruption extends Error {
  override name = 'ShutdownInterruption';
  constructor() {
    super('o servidor está parando');
  }
}

/**
 * Thrown by a handler that cannot run yet (a run waiting for its turn): the same task is due again
 * after `ms`, its attempt not counted and no error kept.
 */
export class RetryLater extends Error {
  override name = 'RetryLater';
  constructor(readonly ms: number) {
    super('tarefa adiada');
  }
}

/** A task as claimed, before its run gives it a signal. */
type ClaimedTask = Omit<Task, 'signal'>;

export type TaskHandler = ((dados: unknown, task: Task) => Promise<void>) & { timeoutMs?: number };
export type TaskHandlers = Record<string, TaskHandler>;

/** Attempts before a task is given up (kept, with its last error, as concluded). */
export const MAX_ATTEMPTS = 6;
/**
 * How long a claimed task is hidden from other claims. A worker that dies mid-task leaves it to be
 * claimed again after this; while a handler runs, its claim is renewed every HEARTBEAT_MS, so a
 * task never runs twice at once however long it takes.
 */
export const LEASE_MS = 5 * 60_000;
/** How often a running task's claim is renewed: the worker's heartbeat, far shorter than the lease. */
export const HEARTBEAT_MS = 10_000;
/** A claim not renewed for this long (three heartbeats missed) belongs to a worker that died. */
export const SILENT_AFTER_MS = 30_000;

/**
 * Whether the queue holds the task of kind `tipo` whose data names `runId` under `key`, and its
 * worker stopped renewing its claim: the process died mid-task. Nothing is lost — it runs again
 * once its lease ends — but the screen can say so instead of showing work that no longer moves.
 * A task waiting to be retried after a failure reads the same, and will be retried as well.
 */
export const silentTask = (tipo: string, key: string, runId: SQLWrapper) => sql<boolean>`exists (
  select 1 from ${filaTarefas} f
   where f.tipo = ${tipo} and f.concluida_em is null and f.dados ->> ${key} = (${runId})::text
     and f.executar_em < now() + make_interval(secs => ${(LEASE_MS - SILENT_AFTER_MS) / 1000}))`;
/** A handler's time unless its kind states another (TaskHandler.timeoutMs). */
export const HANDLER_TIMEOUT_MS = 60_000;
/** How often the worker looks for due tasks. */
export const QUEUE_POLL_MS = 2_000;
/** Tasks claimed per round, and tasks a worker runs at once. */
const BATCH = 10;
export const WORKER_SLOTS = 4;
/** Slots long work (a kind with its own, longer timeoutMs) may hold: the others stay for e-mails. */
export const LONG_TASK_SLOTS = 2;

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
export async function claimDueTasks(
  db: Database,
  limit = BATCH,
  skipKinds: readonly string[] = [],
): Promise<ClaimedTask[]> {
  const leaseSeconds = LEASE_MS / 1000;
  const skipped =
    skipKinds.length === 0
      ? sql``
      : sql`and tipo not in (${sql.join(
          skipKinds.map((kind) => sql`${kind}`),
          sql`, `,
        )})`;
  const result = await db.execute(sql`
    update ${filaTarefas} set
      tentativas = tentativas + 1,
      executar_em = now() + make_interval(secs => ${leaseSeconds})
    where id in (
      select id from ${filaTarefas}
      where concluida_em is null and executar_em <= now() ${skipped}
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

/** Moves a claimed task's lease forward while its handler still runs. */
async function renewClaim(db: Database, id: number): Promise<void> {
  const leaseSeconds = LEASE_MS / 1000;
  await db.execute(sql`update ${filaTarefas} set executar_em = now() + make_interval(secs => ${leaseSeconds})
    where id = ${id} and concluida_em is null`);
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

/** The error kept on the task and logged: a statement's values (a file's rows, an address) hidden. */
const describe = (err: unknown) =>
  withoutSecrets(err instanceof Error ? err.message : String(err)) || 'erro sem mensagem';

/**
 * Runs one claimed task with its kind's handler and records the outcome: done; failed (kept,
 * retried, given up), a kind without handler included, never silently dropped; or, stopped by
 * `shutdown`, handed back to the queue. Returns whether it failed.
 */
async function runTask(
  db: Database,
  handlers: TaskHandlers,
  claimed: ClaimedTask,
  shutdown: AbortSignal,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<boolean> {
  const handler = handlers[claimed.tipo];
  const timeoutMs = handler?.timeoutMs ?? HANDLER_TIMEOUT_MS;
  const timeout = new AbortController();
  const timer = setTimeout(
    () => timeout.abort(new Error(`a tarefa passou de ${Math.round(timeoutMs / 1000)} s`)),
    timeoutMs,
  );
  const renewal = setInterval(
    () =>
      void renewClaim(db, claimed.id).catch((err: unknown) =>
        log?.warn({ err, tarefa: claimed.id }, 'prazo da tarefa não renovado'),
      ),
    HEARTBEAT_MS,
  );
  renewal.unref();
  const signal = AbortSignal.any([shutdown, timeout.signal]);
  const task: Task = { ...claimed, signal };
  try {
    if (!handler) throw new Error(`tipo de tarefa desconhecido: ${task.tipo}`);
    // Past its time, or at a shutdown, the handler is told through its signal and waited for, its
    // claim still renewed: a retry never runs beside an attempt still at work, and an e-mail half
    // sent is never handed back to be sent twice.
    await handler(task.dados, task);
    await markDone(db, task.id);
    return false;
  } catch (err) {
    if (err instanceof RetryLater) {
      await postpone(db, task.id, err.ms);
      return false;
    }
    if (shutdown.aborted && !timeout.signal.aborted) {
      await releaseClaim(db, task.id);
      return false;
    }
    const error = describe(timeout.signal.aborted ? timeout.signal.reason : err);
    log?.warn(
      { tarefa: task.id, tipo: task.tipo, tentativas: task.tentativas, erro: error },
      'tarefa da fila falhou',
    );
    await markFailed(db, task, error);
    return true;
  } finally {
    clearTimeout(timer);
    clearInterval(renewal);
  }
}

/**
 * One round, one task after the other: claims the due tasks and runs each (runTask). The tests'
 * way to run the queue; the worker (registerQueueWorker) runs tasks side by side instead. Returns
 * how many ran and failed.
 */
export async function runDueTasks(
  db: Database,
  handlers: TaskHandlers,
  log?: Pick<FastifyBaseLogger, 'warn'>,
  limit = BATCH,
): Promise<{ claimed: number; failed: number }> {
  const tasks = await claimDueTasks(db, limit);
  const never = new AbortController().signal;
  let failed = 0;
  for (const task of tasks) if (await runTask(db, handlers, task, never, log)) failed++;
  return { claimed: tasks.length, failed };
}

/** Undoes the claim of a task stopped by a shutdown: due now, the attempt not counted, for any worker to take. */
const releaseClaim = (db: Database, id: number) => postpone(db, id, 0);

/** Hands a claimed task back, due after `ms`, its attempt not counted. */
async function postpone(db: Database, id: number, ms: number): Promise<void> {
  await db.execute(sql`update ${filaTarefas} set tentativas = tentativas - 1,
    executar_em = now() + make_interval(secs => ${ms / 1000}) where id = ${id}`);
}

/**
 * Runs the queue in this process once the app is ready: up to `slots` tasks side by side, long
 * work in at most LONG_TASK_SLOTS of them (imports and exports never hold the e-mails up),
 * claiming again as soon as a slot frees, on `wake()`, and
 * every `intervalMs`. When the app closes it stops claiming, aborts the tasks' signals (long work
 * stops at its next batch and goes back to the queue) and waits for them. A failed claim (database
 * away) is logged and tried again at the next poll.
 */
export function registerQueueWorker(
  app: FastifyInstance,
  handlers: TaskHandlers,
  intervalMs: number,
  slots = WORKER_SLOTS,
): void {
  if (intervalMs <= 0) return;
  const shutdown = new AbortController();
  /** Each running task, and whether it is long work. */
  const running = new Map<Promise<unknown>, boolean>();
  const longKinds = Object.keys(handlers).filter(
    (kind) => (handlers[kind]!.timeoutMs ?? HANDLER_TIMEOUT_MS) > HANDLER_TIMEOUT_MS,
  );
  const longRunning = () => [...running.values()].filter(Boolean).length;
  let timer: NodeJS.Timeout | undefined;
  let claiming: Promise<void> | undefined;
  let claimAgain = false;

  const fill = (): void => {
    if (shutdown.signal.aborted) return;
    // A wake during a claim may name a task that claim did not see: claim once more after it.
    if (claiming) return void (claimAgain = true);
    clearTimeout(timer);
    claiming = (async () => {
      const free = slots - running.size;
      if (free <= 0) return;
      let longFree = Math.min(LONG_TASK_SLOTS, slots) - longRunning();
      const claimed = await claimDueTasks(app.db, free, longFree > 0 ? [] : longKinds);
      for (const task of claimed) {
        const long = longKinds.includes(task.tipo);
        // More long work than its slots in one claim: the rest goes back, due now, for later.
        if (long && longFree-- <= 0) {
          await releaseClaim(app.db, task.id);
          continue;
        }
        const run = runTask(app.db, handlers, task, shutdown.signal, app.log)
          // Recording the outcome needs the database too; lost there (a connection cut), the task
          // stays claimed and is run again once its lease ends — never a rejection nobody hears,
          // which would end the process.
          .catch((err: unknown) =>
            app.log.warn({ err, tarefa: task.id }, 'resultado da tarefa não registrado: ela será retomada'),
          )
          .finally(() => {
            running.delete(run);
            fill();
          });
        running.set(run, long);
      }
    })()
      .catch((err: unknown) => app.log.warn({ err }, 'rodada da fila de tarefas falhou'))
      .finally(() => {
        claiming = undefined;
        if (shutdown.signal.aborted) return;
        if (claimAgain) {
          claimAgain = false;
          return fill();
        }
        // A pending poll never keeps the process alive on its own.
        timer = setTimeout(fill, intervalMs).unref();
      });
  };

  app.queue.wake = fill;
  app.addHook('onReady', async () => fill());
  registerPeriodic(app, PRUNE_INTERVAL_MS, () => pruneDoneTasks(app.db), 'limpeza da fila de tarefas falhou');
  // Before the onClose hooks, one of which closes the database the tasks may be using.
  app.addHook('preClose', async () => {
    shutdown.abort(new ShutdownInterruption());
    clearTimeout(timer);
    await claiming;
    await Promise.allSettled([...running.keys()]);
  });
}

/** How long a task done without error is kept, and how often each instance removes older ones. */
export const DONE_TASKS_KEPT_DAYS = 7;
const PRUNE_INTERVAL_MS = 60 * 60_000;

/**
 * Removes the tasks done without error more than DONE_TASKS_KEPT_DAYS ago: their data (a
 * recipient's address) is needed no longer. Given-up tasks stay for the administrators' screen.
 */
export async function pruneDoneTasks(db: DbOrTx): Promise<void> {
  await db.execute(sql`delete from ${filaTarefas} where ultimo_erro is null
    and concluida_em < now() - make_interval(days => ${DONE_TASKS_KEPT_DAYS})`);
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

/** Tasks not yet done: due, scheduled or waiting for another attempt. */
export async function pendingTaskCount(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ pending: sql<number>`count(*)::int` })
    .from(filaTarefas)
    .where(isNull(filaTarefas.concluidaEm));
  return row?.pending ?? 0;
}
