import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { STALE_VERSION } from '@portal/domain';
import { conflict } from '../http/errors.ts';

/**
 * Optimistic locking of the administration records (GUIDE §3), as requests have it: a save names
 * the version the user loaded; a stale one is refused (409) instead of overwriting someone else's.
 */
export interface VersionLock {
  /** Spread into the update's `set`: the stored version plus one. */
  bump: { version: SQL<number> };
  /** Added to the update's `where`: only while the row is still at the version that was read. */
  where: SQL;
}

/** The `set` part that moves a row to its next version; deactivations use it alone. */
export const nextVersion = (column: AnyPgColumn): { version: SQL<number> } => ({
  version: sql<number>`${column} + 1`,
});

/** Refuses (409) a save that names a version other than the stored one, before anything is written. */
export function checkVersion(stored: number, sent: number | undefined): void {
  if (sent !== undefined && sent !== stored) throw conflict(STALE_VERSION);
}

/**
 * What an update of a row read at version `stored` adds so two concurrent saves cannot both pass
 * (`checkVersion` judged the payload's version first). The update then goes through `updatedOrStale`.
 */
export const versionLock = (column: AnyPgColumn, stored: number): VersionLock => ({
  bump: nextVersion(column),
  where: eq(column, stored),
});

/** The row a locked update returned; none means another save changed it since it was read. */
export function updatedOrStale<T>(rows: T[]): T {
  const [row] = rows;
  if (row === undefined) throw conflict(STALE_VERSION);
  return row;
}
