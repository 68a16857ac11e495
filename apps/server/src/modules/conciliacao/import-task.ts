import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { canSee, writeProblem, type Flow, type SessionUser } from '@portal/domain';
import { IMPORT_UNDER_WAY } from '@portal/domain/contracts/reconciliation';
import { findUserRecord, isActiveUser } from '../../auth/session-user.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { IMPORT_APPLY_TIMEOUT_MS } from '../../http/limits.ts';
import {
  backoffMs,
  MAX_ATTEMPTS,
  RetryLater,
  ShutdownInterruption,
  type Task,
  type TaskHandler,
} from '../../jobs/queue.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { importBase } from './import-base.ts';
import { earlierRunsUnderWay, readQueuedRun, updateRunUnderWay } from './repo.ts';

/** Only the run's id, and the address the upload came from, for the audit trail. */
const importTaskData = z.object({ importacao: z.number().int().positive(), ip: z.string() });
export type ImportTaskData = z.infer<typeof importTaskData>;

/** How long a run waits, each time, for an earlier run of its flow to end. */
export const TURN_WAIT_MS = 5_000;

export const SENDER_INACTIVE = 'Quem enviou o arquivo foi desativado antes da importação: nada foi aplicado.';
export const SENDER_NOT_ALLOWED =
  'Quem enviou o arquivo não tem mais permissão para importar a base: nada foi aplicado.';
export const GAVE_UP = `O arquivo não pôde ser importado: o portal tentou ${MAX_ATTEMPTS} vezes, sem conseguir. Envie-o de novo mais tarde.`;
export const INTERRUPTED = 'A importação foi interrompida e recomeça em instantes.';
export const LEFT_THE_QUEUE = 'A importação saiu da fila sem ser aplicada: envie o arquivo de novo.';

/** The note a run keeps between attempts: which one failed and when the next comes. */
export function retryNote(attempt: number): string {
  const seconds = backoffMs(attempt) / 1000;
  const wait = seconds < 60 ? `${seconds} s` : `${Math.round(seconds / 60)} min`;
  return `Tentativa ${attempt} falhou; o portal tenta de novo em ${wait}.`;
}

interface Deps {
  db: Database;
  storage: FileStorage;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}
type RunFiles = { id: number; arquivoKey: string | null; rejeitadasKey: string | null };

/**
 * Applies a run received by POST /conciliacao/importar from its stored upload, as the user who sent
 * it. A run already ended (the task ran before) is left alone; one whose flow has an earlier run
 * still queued waits its turn. The file's fault or the sender's lost access ends the run 'falhou'
 * with why, and the task is done: sending it again would not help. A fault of the database or the
 * storage puts the run back 'na-fila' with a note and throws, so the queue tries again; the last
 * attempt ends the run 'falhou'. The upload is removed once the run has ended.
 */
export function importBaseHandler(deps: Deps): TaskHandler {
  const handler = async (dados: unknown, task: Task) => {
    const data = importTaskData.parse(dados);
    const run = await readQueuedRun(deps.db, data.importacao);
    if (!run || !IMPORT_UNDER_WAY.includes(run.situacao)) return;
    if (!(await isTurnOf(deps, run))) throw new RetryLater(TURN_WAIT_MS);
    const sender = await senderOf(deps.db, run.idUsuario);
    if ('problem' in sender) return fail(deps, run, sender.problem);
    if (!run.arquivoKey) return fail(deps, run, LEFT_THE_QUEUE);

    let storageFault: unknown;
    const bytes = storedBytes(deps.storage, run.arquivoKey, (err) => (storageFault ??= err));
    try {
      // What an attempt cut short by its process's end left behind.
      if (run.rejeitadasKey) await deps.storage.remove(run.rejeitadasKey);
      await importBase({ db: deps.db, user: sender.user, ip: data.ip }, deps.storage, run, bytes, {
        log: deps.log,
        signal: task.signal,
      });
    } catch (err) {
      const fault = storageFault ?? err;
      if (fault instanceof AppError && fault.statusCode < 500) return fail(deps, run, fault.message);
      // The database may be what failed: the run says so if it can, the queue's retry does the rest.
      const settle =
        task.signal.reason instanceof ShutdownInterruption
          ? requeue(deps.db, run.id, INTERRUPTED)
          : task.tentativas >= MAX_ATTEMPTS
            ? fail(deps, run, GAVE_UP)
            : requeue(deps.db, run.id, retryNote(task.tentativas));
      await settle.catch(() => undefined);
      throw fault;
    }
    await removeFiles(deps, [run.arquivoKey]);
  };
  return Object.assign(handler, { timeoutMs: IMPORT_APPLY_TIMEOUT_MS });
}

/**
 * Imports of one flow apply in the order they were received, never side by side: while an earlier
 * run of the flow has a task in the queue, this one waits. An earlier run whose task is gone
 * (discarded by an administrator, or given up before the run could say so) waits for nothing: it
 * is ended 'falhou'.
 */
async function isTurnOf(deps: Deps, run: { id: number; fluxo: Flow }): Promise<boolean> {
  const earlier = await earlierRunsUnderWay(deps.db, run);
  for (const orphan of earlier.filter((r) => !r.queued)) await fail(deps, orphan, LEFT_THE_QUEUE);
  return earlier.every((r) => !r.queued);
}

/** The sender as they are now: still active, still allowed to import the base. */
async function senderOf(
  db: Database,
  idUsuario: number | null,
): Promise<{ user: SessionUser } | { problem: string }> {
  const record = idUsuario === null ? undefined : await findUserRecord(db, { id: idUsuario });
  if (!isActiveUser(record)) return { problem: SENDER_INACTIVE };
  if (!canSee(record.user, 'conciliacao') || writeProblem(record.user))
    return { problem: SENDER_NOT_ALLOWED };
  return { user: record.user };
}

/**
 * The stored upload's bytes. A failure of the storage is noted apart, as the table reader turns
 * any error inside a spreadsheet into a verdict on the file.
 */
async function* storedBytes(storage: FileStorage, key: string, onFault: (err: unknown) => void) {
  let stream: Readable | undefined;
  try {
    stream = storage.read(key);
    for await (const chunk of stream) yield chunk as Buffer;
  } catch (err) {
    onFault(err);
    throw err;
  } finally {
    stream?.destroy();
  }
}

const requeue = (db: Database, id: number, erro: string) =>
  updateRunUnderWay(db, id, {
    situacao: 'na-fila',
    erro,
    linhasLidas: 0,
    linhasAceitas: 0,
    linhasRejeitadas: 0,
    rejeitadasKey: null,
  });

/**
 * Ends the run 'falhou' with why, then removes its files: nothing of it will be read again. A run
 * another attempt ended meanwhile (one the queue let go of at its time limit wakes after its
 * retry) is left as that attempt recorded it.
 */
async function fail(deps: Deps, run: RunFiles, erro: string): Promise<void> {
  const ended = await updateRunUnderWay(deps.db, run.id, {
    situacao: 'falhou',
    erro,
    arquivoKey: null,
    rejeitadasKey: null,
    concluidaEm: new Date(),
  });
  if (ended) await removeFiles(deps, [run.arquivoKey, run.rejeitadasKey]);
}

/** A file the run no longer names and that could not be removed is the orphan sweep's. */
async function removeFiles(deps: Deps, keys: (string | null)[]) {
  for (const key of keys) {
    if (key) {
      await deps.storage
        .remove(key)
        .catch((err: unknown) => deps.log.warn({ err, key }, 'arquivo da importação não removido'));
    }
  }
}
