import { getTableName } from 'drizzle-orm';
import { anexos, exportacoes, importacoesBase, regularizacaoAnexos } from '../db/schema.ts';

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
