import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

/** Whether any row of `table` matches: the "is it referenced?" question before a delete. */
export async function hasAny(db: DbOrTx, table: PgTable, where: SQL | undefined): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(table)
    .where(where)
    .limit(1);
  return row !== undefined;
}
