import { DatabaseBusyError } from './pglite-queue.ts';

/** The driver's error: Drizzle wraps it (with the query and its parameters) as `cause`. */
const driverError = (err: unknown): { code?: unknown; message?: unknown } => {
  const wrapped = err as { cause?: unknown } | null | undefined;
  return (wrapped?.cause ?? err ?? {}) as { code?: unknown; message?: unknown };
};

const UNREACHABLE_CODES = ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH'];

/**
 * Whether an error means the database cannot be reached right now (connection refused, cut,
 * timed out, server shutting down or starting), as opposed to a fault of the query itself.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const { code, message } = driverError(err);
  if (typeof code === 'string') {
    if (UNREACHABLE_CODES.includes(code)) return true;
    // 08xxx connection exceptions; 57P01–57P03 shutdown, crash, cannot connect now.
    if (code.startsWith('08') || ['57P01', '57P02', '57P03'].includes(code)) return true;
  }
  // node-postgres's own words: a cut connection, and any later query on the client it left dead.
  return (
    typeof message === 'string' &&
    /Connection terminated|connection timeout|timeout exceeded when trying to connect|connection error and is not queryable/i.test(
      message,
    )
  );
}

/** A transaction PostgreSQL rolled back for another one's sake: deadlock or serialization failure. */
const ROLLED_BACK_FOR_ANOTHER = ['40P01', '40001'];

/**
 * The database is up but could not take this call now: PGlite's queue gave up waiting for its
 * turn (pglite-queue.ts), the PostgreSQL pool its 5 s for a free connection, or PostgreSQL rolled
 * the call's transaction back for a concurrent one (nothing of it was written). Load, not an
 * outage: the user is told to try again in a moment.
 */
export function isDatabaseBusy(err: unknown): boolean {
  const cause = driverError(err);
  return (
    cause instanceof DatabaseBusyError ||
    ROLLED_BACK_FOR_ANOTHER.includes(String(cause.code)) ||
    (typeof cause.message === 'string' && /timeout exceeded when trying to connect/i.test(cause.message))
  );
}

/** PostgreSQL's disk_full. */
export const isDatabaseDiskFull = (err: unknown): boolean => driverError(err).code === '53100';
