import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { registerPeriodic } from '../../jobs/periodic.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import {
  deleteExportsPastTheList,
  exportsPastTheirTime,
  failExportsWithoutTask,
  markExportExpired,
} from './repo.ts';

/** How often each instance looks for files past their time (any instance may do it). */
export const EXPORT_CLEANUP_INTERVAL_MS = 10 * 60_000;
/** Files removed per statement. */
const BATCH = 500;

export const TASK_LOST = 'O arquivo não foi gerado: a tarefa foi abandonada. Peça a exportação novamente.';

/**
 * The exports' housekeeping: files past `expira_em` are removed and their rows marked expirada;
 * an export still waiting whose task is no longer pending (given up on a failure its handler
 * could not record, or discarded by an administrator) is marked failed, so it stops counting
 * against the user's limit; rows older than the list shows, without a file, are deleted.
 * A file is removed before its row lets go of it, so a failure halfway is finished next time.
 */
export async function cleanUpExports(db: Database, storage: FileStorage): Promise<{ expired: number }> {
  let expired = 0;
  for (;;) {
    const due = await exportsPastTheirTime(db, BATCH);
    for (const { id, key } of due) {
      await storage.remove(key!);
      await markExportExpired(db, id);
    }
    expired += due.length;
    if (due.length < BATCH) break;
  }
  await failExportsWithoutTask(db, TASK_LOST);
  await deleteExportsPastTheList(db);
  return { expired };
}

export function registerExportCleanup(app: FastifyInstance): void {
  registerPeriodic(
    app,
    EXPORT_CLEANUP_INTERVAL_MS,
    async () => {
      const { expired } = await cleanUpExports(app.db, app.storage);
      if (expired > 0) app.log.info({ expired }, 'arquivos de exportação expirados removidos');
    },
    'limpeza das exportações falhou',
  );
}
