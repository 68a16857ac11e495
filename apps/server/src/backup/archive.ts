import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { migrationsFolder } from '../config.ts';
import { storedFileColumnNames } from '../db/stored-file-columns.ts';

/**
 * A backup is a directory: manifesto.json, the database (banco.tar.gz, PGlite's own dump of its
 * data directory, or banco.dump, pg_dump's custom format) and anexos/<shard>/<key>, laid out as
 * DATA_DIR/uploads is. Every part is listed in the manifest with its size and SHA-256, so a
 * restore proves the whole archive intact before it writes anything.
 */
export const MANIFEST = 'manifesto.json';
export const PGLITE_DUMP = 'banco.tar.gz';
export const POSTGRES_DUMP = 'banco.dump';
export const ATTACHMENTS_DIR = 'anexos';

/** A fault the operator must fix (or a refusal); its message is the one Portuguese line printed. */
export class BackupError extends Error {
  override name = 'BackupError';
}

export interface ArchivePart {
  path: string;
  size: number;
  sha256: string;
}

export interface Manifest {
  format: 1;
  createdAt: string;
  mode: 'pglite' | 'postgres';
  /** The last migration applied to the database backed up (its tag in drizzle/meta/_journal.json). */
  migration: string;
  /** Row counts the restore must find again. */
  counts: Record<string, number>;
  attachments: { storage: 'local'; files: number } | { storage: 's3'; bucket: string };
  parts: ArchivePart[];
}

/** Tables whose rows a restore counts again: the requests, their files, and who can sign in. */
const COUNTED = ['solicitacoes', 'regularizacoes', 'anexos', 'regularizacao_anexos', 'usuarios'] as const;

/** The one query shape backup and restore need, on PGlite or on a pg client alike. */
export type Query = (sql: string) => Promise<Record<string, unknown>[]>;

export async function countRows(query: Query): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of COUNTED) {
    const [row] = await query(`select count(*)::int as n from ${table}`);
    counts[table] = Number(row!.n);
  }
  return counts;
}

/** Every storage key a row refers to: exactly the files a backup must hold. */
export async function attachmentKeys(query: Query): Promise<string[]> {
  const selects = storedFileColumnNames().map(
    ({ table, column }) => `select "${column}" as key from "${table}" where "${column}" is not null`,
  );
  const rows = await query(`${selects.join(' union ')} order by 1`);
  return rows.map((row) => String(row.key));
}

interface JournalEntry {
  tag: string;
  when: number;
}

const journal = async (): Promise<JournalEntry[]> =>
  (
    JSON.parse(await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: JournalEntry[];
    }
  ).entries;

/** The tag of the last migration the database records (drizzle stores each one's journal time). */
export async function appliedMigration(query: Query): Promise<string> {
  const [row] = await query('select max(created_at)::text as last from drizzle.__drizzle_migrations');
  const entry = (await journal()).find((e) => String(e.when) === row?.last);
  if (!entry)
    throw new BackupError(
      'O banco não registra nenhuma migração conhecida: não parece ser um banco do portal.',
    );
  return entry.tag;
}

/** Whether this code knows the migration (a backup from a newer portal would not be). */
export async function knownMigration(tag: string): Promise<boolean> {
  return (await journal()).some((e) => e.tag === tag);
}

export async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** The embedded database, opened without migrating it: a backup or restore reads it as it is. */
export const openPglite = (dir: string, loadDataDir?: Blob) =>
  PGlite.create(dir, { extensions: { pg_trgm, unaccent }, ...(loadDataDir ? { loadDataDir } : {}) });

export const pgliteQuery =
  (db: PGlite): Query =>
  async (sql) =>
    (await db.query<Record<string, unknown>>(sql)).rows;

/** True when the directory is absent or holds nothing: the only target a restore writes into. */
export async function isEmptyDir(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw err;
  }
}
