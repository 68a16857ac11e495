import { getTableName, sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { anexos, exportacoes, importacoesBase, regularizacaoAnexos } from './schema.ts';

/**
 * Every column that holds a key of the file storage: the files a backup must carry and the orphan
 * sweep must keep. A new kind of stored file adds its column here.
 */
export const STORED_FILE_COLUMNS = [
  anexos.storageKey,
  regularizacaoAnexos.storageKey,
  importacoesBase.rejeitadasKey,
  importacoesBase.arquivoKey,
  exportacoes.arquivoKey,
] as const;

/** Table and column names of each, for the SQL the backup runs outside Drizzle. */
export const storedFileColumnNames = () =>
  STORED_FILE_COLUMNS.map((column) => ({ table: getTableName(column.table), column: column.name }));

/** Which of these storage keys some row still points to. */
export async function storageKeysInUse(db: Database, batch: string[]): Promise<Set<string>> {
  const keys = sql.join(
    batch.map((key) => sql`${key}`),
    sql`, `,
  );
  const selects = STORED_FILE_COLUMNS.map(
    (column) => sql`select ${column} as key from ${column.table} where ${column} in (${keys})`,
  );
  const { rows } = (await db.execute(sql.join(selects, sql` union `))) as unknown as {
    rows: { key: string }[];
  };
  return new Set(rows.map((r) => r.key));
}
