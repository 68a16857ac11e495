import { copyFile, mkdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config.ts';
import {
  ATTACHMENTS_DIR,
  BackupError,
  countRows,
  isEmptyDir,
  knownMigration,
  MANIFEST,
  openPglite,
  PGLITE_DUMP,
  pgliteQuery,
  POSTGRES_DUMP,
  sha256,
  type ArchivePart,
  type Manifest,
  type Query,
} from './archive.ts';
import { isStorageKey, shardedPath } from '../storage/file-storage.ts';
import { libpqConnection, runTool } from './backup.ts';

export interface RestoreRun {
  config: Config;
  from: string;
  progress: (line: string) => void;
}

/** Only the parts a backup writes: a manifest naming any other path never leads a copy outside the target. */
function expectedPart(part: ArchivePart): boolean {
  if (part.path === PGLITE_DUMP || part.path === POSTGRES_DUMP) return true;
  const key = path.basename(part.path);
  return isStorageKey(key) && part.path === path.join(ATTACHMENTS_DIR, shardedPath(key));
}

/** Reads the manifest and proves every part present and unaltered, before anything is written. */
async function verifiedManifest(from: string): Promise<Manifest> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(path.join(from, MANIFEST), 'utf8')) as Manifest;
  } catch {
    throw new BackupError(`Backup inválido: ${MANIFEST} ausente ou ilegível em ${from}.`);
  }
  if (manifest.format !== 1 || !Array.isArray(manifest.parts) || !manifest.parts.every(expectedPart)) {
    throw new BackupError(`Backup inválido: ${MANIFEST} em ${from} não é de um backup do portal.`);
  }
  for (const part of manifest.parts) {
    const file = path.join(from, part.path);
    const info = await stat(file).catch(() => null);
    if (!info)
      throw new BackupError(`Backup incompleto: falta ${part.path} em ${from}. Nada foi restaurado.`);
    if (info.size !== part.size || (await sha256(file)) !== part.sha256) {
      throw new BackupError(
        `Backup corrompido: ${part.path} não confere com o manifesto. Nada foi restaurado.`,
      );
    }
  }
  if (!(await knownMigration(manifest.migration))) {
    throw new BackupError(
      `O backup vem de uma versão mais nova do portal (migração ${manifest.migration}): atualize o portal antes de restaurar.`,
    );
  }
  return manifest;
}

async function pgTargetQuery<T>(databaseUrl: string, use: (query: Query) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  // A cut connection fails the running query, which reports it; unheard, the event would end the command.
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await use(async (sql) => (await client.query<Record<string, unknown>>(sql)).rows);
  } finally {
    await client.end();
  }
}

/** A database with any table outside the system schemas is not empty: the restore never merges. */
const USER_TABLES =
  "select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')";

/**
 * `npm run restore`: only into an empty target (DATA_DIR/db or DATABASE_URL's database, and
 * DATA_DIR/uploads), never over anything. The archive is verified first, then the files are
 * copied (and read back), then the database goes in one transaction (pg_restore) or one load
 * (PGlite), and its counts are compared with the manifest's.
 */
export async function runRestore({ config, from, progress }: RestoreRun): Promise<Manifest> {
  progress(`Conferindo o backup em ${from}...`);
  const manifest = await verifiedManifest(from);
  const mode = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.mode !== mode) {
    throw new BackupError(
      manifest.mode === 'postgres'
        ? 'Este backup é de um PostgreSQL: defina DATABASE_URL com um banco vazio para restaurá-lo.'
        : 'Este backup é do banco embutido (PGlite): restaure-o sem DATABASE_URL, num DATA_DIR vazio.',
    );
  }
  const { attachments } = manifest;
  const localFiles = attachments.storage === 'local';
  if (localFiles && config.s3) {
    throw new BackupError(
      'Os anexos deste backup estão em disco local: restaure-os sem S3_BUCKET e copie-os para o bucket depois.',
    );
  }
  if (attachments.storage === 's3' && !config.s3) {
    throw new BackupError(
      `Os anexos deste backup estão no bucket S3 "${attachments.bucket}": restaure-o com S3_BUCKET e as credenciais desse bucket.`,
    );
  }

  const dbDir = path.join(config.dataDir, 'db');
  const uploads = path.join(config.dataDir, 'uploads');
  if (config.databaseUrl) {
    const [row] = await pgTargetQuery(config.databaseUrl, (query) => query(USER_TABLES));
    if (Number(row!.n) > 0)
      throw new BackupError(
        'O banco de DATABASE_URL não está vazio: a restauração só grava num banco vazio.',
      );
  } else if (!(await isEmptyDir(dbDir))) {
    throw new BackupError(`A pasta ${dbDir} não está vazia: a restauração só grava num DATA_DIR vazio.`);
  }
  if (localFiles && !(await isEmptyDir(uploads))) {
    throw new BackupError(`A pasta ${uploads} não está vazia: a restauração só grava num DATA_DIR vazio.`);
  }

  const written: string[] = [];
  try {
    if (attachments.storage === 'local') {
      const files = manifest.parts.filter((part) => part.path.startsWith(`${ATTACHMENTS_DIR}${path.sep}`));
      progress(`Restaurando ${files.length} anexo(s) em ${uploads}...`);
      written.push(uploads);
      for (const part of files) {
        const target = path.join(uploads, path.relative(ATTACHMENTS_DIR, part.path));
        await mkdir(path.dirname(target), { recursive: true });
        await copyFile(path.join(from, part.path), target);
        if ((await sha256(target)) !== part.sha256)
          throw new BackupError(`O anexo ${part.path} não foi gravado íntegro em ${uploads}.`);
      }
    } else {
      progress(`Anexos no bucket S3 "${attachments.bucket}": não fazem parte do backup; o bucket os mantém.`);
    }
    let counts: Record<string, number>;
    if (config.databaseUrl) {
      progress('Restaurando o PostgreSQL (pg_restore, numa só transação)...');
      const { dbname, env } = libpqConnection(config.databaseUrl);
      await runTool(
        'pg_restore',
        [
          '--single-transaction',
          '--exit-on-error',
          '--no-owner',
          '--no-privileges',
          `--dbname=${dbname}`,
          path.join(from, POSTGRES_DUMP),
        ],
        env,
      );
      // Committed: from here the files belong with the restored database, whatever the count says.
      written.length = 0;
      counts = await pgTargetQuery(config.databaseUrl, countRows);
    } else {
      progress(`Restaurando o banco embutido (PGlite) em ${dbDir}...`);
      written.push(dbDir);
      const dump = new Blob([await readFile(path.join(from, PGLITE_DUMP))]);
      await (await openPglite(dbDir, dump)).close();
      // Counted on a fresh open: what the next start of the server will read.
      const db = await openPglite(dbDir);
      try {
        counts = await countRows(pgliteQuery(db));
      } finally {
        await db.close();
      }
    }
    for (const [table, expected] of Object.entries(manifest.counts)) {
      if (counts[table] !== expected) {
        throw new BackupError(
          `A restauração não confere: ${table} tem ${counts[table]} linha(s), o backup tinha ${expected}.`,
        );
      }
    }

    return manifest;
  } catch (err) {
    // The uploads and embedded database this run created are removed, so the next try finds them
    // empty; pg_restore's single transaction leaves nothing behind when it fails. A count that
    // disagrees after a committed pg_restore is reported, not undone: the operator decides.
    for (const dir of written) await rm(dir, { recursive: true, force: true });
    throw err;
  }
}
