import { z } from 'zod';
import type { ReportRow } from '@portal/domain/reports';
import { findUserRecord, isActiveUser } from '../../auth/session-user.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { sheetStream, type SheetRows } from '../../http/sheet-export.ts';
import { MAX_ATTEMPTS, ShutdownInterruption, type Task, type TaskHandler } from '../../jobs/queue.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import {
  findExport,
  markExportFailed,
  markExportGenerating,
  markExportReady,
  parseFilters,
  recordExportProgress,
  type StoredExport,
} from './repo.ts';
import { EXPORT_SOURCES } from './sources.ts';

const exportTaskData = z.object({ id: z.number().int().positive() });

/** A million rows of xlsx take minutes on a small machine; past this the attempt is given up. */
const EXPORT_TIMEOUT_MS = 30 * 60_000;

export const USER_INACTIVE = 'O arquivo não foi gerado: o usuário foi desativado.';
export const ACCESS_LOST = 'O arquivo não foi gerado: você não tem mais acesso a esta lista.';
export const GAVE_UP = 'Não foi possível gerar o arquivo. Peça a exportação novamente mais tarde.';

interface Deps {
  db: Database;
  storage: FileStorage;
  publicUrl: string;
}

/**
 * The batches as they are written, the row's progress updated after each (never per row) and the
 * server's shutdown obeyed between them: the writing stops, the partial file is removed by the
 * storage, and the queue hands the task back.
 */
async function* tracked(
  db: Database,
  id: number,
  batches: AsyncIterable<ReportRow[]>,
  signal: AbortSignal,
  progress: { written: number },
): AsyncGenerator<ReportRow[]> {
  for await (const batch of batches) {
    signal.throwIfAborted();
    yield batch;
    progress.written += batch.length;
    await recordExportProgress(db, id, progress.written);
  }
}

/**
 * The export's rows, read again when the task runs, or why it cannot be written: the user can no
 * longer read the list, or its filters no longer hold. The scope is the user's when the file is
 * written, not when it was asked for.
 */
async function prepare(deps: Deps, row: StoredExport): Promise<{ problem: string } | { rows: SheetRows }> {
  const record = await findUserRecord(deps.db, { id: row.idUsuario });
  if (!isActiveUser(record)) return { problem: USER_INACTIVE };
  const source = EXPORT_SOURCES.get(row.origem);
  if (!source || source.refusal(record.user)) return { problem: ACCESS_LOST };
  const filtros = (row.filtros ?? {}) as Record<string, unknown>;
  const parsed = parseFilters(source, filtros, row.formato);
  if ('problem' in parsed) return { problem: `O arquivo não foi gerado: ${parsed.problem}` };
  try {
    return { rows: await source.rows(deps.db, record.user, parsed.query) };
  } catch (err) {
    // A filter the list refuses now is the request's problem, not the queue's.
    if (err instanceof AppError) return { problem: `O arquivo não foi gerado: ${err.message}` };
    throw err;
  }
}

async function generate(deps: Deps, id: number, task: Task): Promise<void> {
  const { db, storage } = deps;
  const row = await findExport(db, id);
  // Nothing left once its file was made (a task run twice makes one file), removed, or the export
  // deleted. A failed one is written again when an administrator runs its task again.
  if (!row || row.situacao === 'pronta' || row.situacao === 'expirada') return;
  const prepared = await prepare(deps, row);
  if ('problem' in prepared) return markExportFailed(db, id, prepared.problem);
  const { rows } = prepared;

  // Another run of the same export finished it while this one read its rows: its file stands.
  if (!(await markExportGenerating(db, id, rows.total))) return;
  const progress = { written: 0 };
  let file;
  try {
    file = await storage.write(
      sheetStream({
        ...rows,
        batches: tracked(db, id, rows.batches, task.signal, progress),
        format: row.formato,
        publicUrl: deps.publicUrl,
      }),
    );
  } catch (err) {
    // The storage removed the partial file. Retried later, unless this was the last attempt (a
    // shutdown's attempt is not counted: the task comes back and a failed export is written again).
    const shutdown = task.signal.reason instanceof ShutdownInterruption;
    if (task.tentativas >= MAX_ATTEMPTS && !shutdown) await markExportFailed(db, id, GAVE_UP);
    throw err;
  }
  const done = await markExportReady(db, id, {
    key: file.key,
    size: file.size,
    name: `${rows.fileName}.${row.formato}`,
    rows: progress.written,
  });
  // Another run of the same export finished first (or the export is gone): one file is kept.
  if (!done) await storage.remove(file.key);
}

/** The queue's handler of EXPORT_TASK: writes one export's file into storage (repo.ts queues it). */
export function exportHandler(deps: Deps): TaskHandler {
  return Object.assign(
    async (dados: unknown, task: Task) => generate(deps, exportTaskData.parse(dados).id, task),
    { timeoutMs: EXPORT_TIMEOUT_MS },
  );
}
