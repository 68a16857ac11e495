import type { DbOrTx } from './client.ts';

const statements = new WeakMap<DbOrTx, Map<string, unknown>>();

/**
 * A hot query built once per database handle and name, then only bound and sent. Drizzle would
 * otherwise build the same SQL again on every call (a fifth of a list call's CPU when profiled),
 * and PostgreSQL parses a named statement once per connection instead of on every call.
 * `name` names the statement's shape: whatever changes its SQL text must be part of the name
 * (at most 63 characters, PostgreSQL's limit for a statement name).
 */
export function prepared<T>(db: DbOrTx, name: string, build: (name: string) => T): T {
  let byName = statements.get(db);
  if (!byName) statements.set(db, (byName = new Map()));
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) byName.set(name, (statement = build(name)));
  return statement;
}
