/**
 * True when the database refused a row for a unique index (SQLSTATE 23505). Both drivers put the
 * code on the error; drizzle wraps it in `cause`. Use cases check first for a friendly message;
 * this catches the race where two saves pass the check at once.
 */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
