import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ReportRow } from '@portal/domain/reports';
import { EXPORT_FILE_HOURS, UNDER_WAY } from '@portal/domain/contracts/exports';
import { findUserRecord, isActiveUser } from '../../auth/session-user.ts';
import type { Database } from '../../db/client.ts';
import { exportacoes } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { sheetStream, type SheetRows } from '../../http/sheet-export.ts';
import { MAX_ATTEMPTS, ShutdownInterruption, type Task, type TaskHandler } from '../../jobs/queue.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { parseFilters, type StoredExport } from './repo.ts';
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

/** Ends an export that is still under way (or failed before) as failed, with why. */
async function fail(db: Database, id: number, erro: string) {
  await db
    .update(exportacoes)
    .set({ situacao: 'falhou', erro, concluidaEm: sql`now()` })
    .where(and(eq(exportacoes.id, id), inArray(exportacoes.situacao, [...UNDER_WAY, 'falhou'])));
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
    // Not once another run of the export has finished it: its count stands.
    await db
      .update(exportacoes)
      .set({ linhasEscritas: progress.written })
      .where(and(eq(exportacoes.id, id), eq(exportacoes.situacao, 'gerando')));
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
  const [row] = await db.select().from(exportacoes).where(eq(exportacoes.id, id));
  // Nothing left once its file was made (a task run twice makes one file), removed, or the export
  // deleted. A failed one is written again when an administrator runs its task again.
  if (!row || row.situacao === 'pronta' || row.situacao === 'expirada') return;
  const prepared = await prepare(deps, row);
  if ('problem' in prepared) return fail(db, id, prepared.problem);
  const { rows } = prepared;

  const started = await db
    .update(exportacoes)
    .set({ situacao: 'gerando', linhasTotal: rows.total, linhasEscritas: 0, erro: null, concluidaEm: null })
    .where(and(eq(exportacoes.id, id), inArray(exportacoes.situacao, [...UNDER_WAY, 'falhou'])))
    .returning({ id: exportacoes.id });
  // Another run of the same export finished it while this one read its rows: its file stands.
  if (started.length === 0) return;
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
    if (task.tentativas >= MAX_ATTEMPTS && !shutdown) await fail(db, id, GAVE_UP);
    throw err;
  }
  const done = await db
    .update(exportacoes)
    .set({
      situacao: 'pronta',
      arquivoKey: file.key,
      tamanho: file.size,
      // The direct download's name.
      nomeArquivo: `${rows.fileName}.${row.formato}`,
      linhasEscritas: progress.written,
      concluidaEm: sql`now()`,
      expiraEm: sql`now() + make_interval(hours => ${EXPORT_FILE_HOURS})`,
    })
    .where(and(eq(exportacoes.id, id), eq(exportacoes.situacao, 'gerando')))
    .returning({ id: exportacoes.id });
  // Another run of the same export finished first (or the export is gone): one file is kept.
  if (done.length === 0) await storage.remove(file.key);
}

/** The queue's handler of EXPORT_TASK: writes one export's file into storage (repo.ts queues it). */
export function exportHandler(deps: Deps): TaskHandler {
  return Object.assign(
    async (dados: unknown, task: Task) => generate(deps, exportTaskData.parse(dados).id, task),
    { timeoutMs: EXPORT_TIMEOUT_MS },
  );
}
