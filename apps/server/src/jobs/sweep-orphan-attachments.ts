import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { registerPeriodic } from './periodic.ts';
import { storageKeysInUse } from '../db/stored-file-columns.ts';

/**
 * How old a file must be before it can be taken for an orphan: far longer than an upload and its
 * save may last (REQUEST_TIMEOUT_MS), so a file whose row is still being written is never swept.
 */
export const ORPHAN_GRACE_MS = 60 * 60_000;

/** Keys checked against the table per query. */
const BATCH = 1000;

/**
 * Removes from storage what a crash, a full disk or a failed cleanup left behind: uploads never
 * completed, and files no row points to (STORED_FILE_COLUMNS). Only entries older than the grace
 * period are touched. Returns how many were removed.
 */
export async function sweepOrphanAttachments(
  db: Database,
  storage: FileStorage,
  now: Date = new Date(),
): Promise<number> {
  const cutoff = now.getTime() - ORPHAN_GRACE_MS;
  let removed = 0;
  let batch: string[] = [];
  const removeUnknown = async () => {
    const known = await storageKeysInUse(db, batch);
    for (const key of batch.filter((k) => !known.has(k))) {
      await storage.remove(key);
      removed++;
    }
    batch = [];
  };
  for await (const entry of storage.entries()) {
    if (entry.modifiedAt.getTime() > cutoff) continue;
    if (entry.incomplete) {
      await storage.remove(entry.key);
      removed++;
      continue;
    }
    batch.push(entry.key);
    if (batch.length === BATCH) await removeUnknown();
  }
  if (batch.length > 0) await removeUnknown();
  return removed;
}

/** Runs the sweep every `orphanSweepIntervalMs` once the app is ready (0 turns it off). */
export function registerOrphanSweep(app: FastifyInstance): void {
  registerPeriodic(
    app,
    app.config.orphanSweepIntervalMs,
    async () => {
      const removed = await sweepOrphanAttachments(app.db, app.storage);
      if (removed > 0) app.log.info({ removed }, 'anexos órfãos removidos do armazenamento');
    },
    'varredura de anexos órfãos falhou',
  );
}
