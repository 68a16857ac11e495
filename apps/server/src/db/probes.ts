import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

/** Whether the database answers a statement at all. */
export const databaseAnswers = (db: Database) => db.execute(sql`select 1`).then(() => true);

/** When each migration the database holds was generated (drizzle's journal `when`). */
export async function appliedMigrationTimes(db: Database): Promise<Set<number>> {
  const { rows } = (await db.execute(
    sql`select created_at from drizzle.__drizzle_migrations`,
  )) as unknown as {
    rows: { created_at: string | number }[];
  };
  return new Set(rows.map((row) => Number(row.created_at)));
}
