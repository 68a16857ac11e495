import { spawn } from 'node:child_process';
import { copyFile, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config.ts';
import {
  appliedMigration,
  attachmentKeys,
  ATTACHMENTS_DIR,
  BackupError,
  countRows,
  isEmptyDir,
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
import { shardedPath } from '../storage/file-storage.ts';

export interface BackupRun {
  config: Config;
  /** The backup directory to create (absent or empty). */
  out: string;
  progress: (line: string) => void;
}

/** What the database side of a backup found, read in the same snapshot as the dump. */
interface DatabaseSide {
  migration: string;
  counts: Record<string, number>;
  keys: string[];
}

/**
 * The libpq connection for pg_dump/pg_restore: the URL without its password (a command line is
 * visible to every user through `ps`), the password in PGPASSWORD.
 */
export function libpqConnection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs a PostgreSQL client tool; its stderr becomes the error's message when it fails. */
export function runTool(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', (err) =>
      reject(
        (err as NodeJS.ErrnoException).code === 'ENOENT'
          ? new BackupError(
              `${command} não encontrado: instale o cliente do PostgreSQL (${command}) na versão do servidor ou mais nova.`,
            )
          : err,
      ),
    );
    child.once('close', (code) =>
      code === 0
        ? resolve()
        : reject(
            new BackupError(`${command} falhou (código ${code}): ${stderr.trim().split('\n')[0] ?? ''}`),
          ),
    );
  });
}

/**
 * PGlite is single-process: a data directory another process has open would be copied torn. While
 * it is open PGlite keeps postmaster.pid in it, and a clean close removes it.
 */
async function pgliteSide(
  config: Config,
  file: string,
  progress: BackupRun['progress'],
): Promise<DatabaseSide> {
  const dir = path.join(config.dataDir, 'db');
  if (!(await stat(path.join(dir, 'PG_VERSION')).catch(() => null))) {
    throw new BackupError(
      `Nenhum banco embutido em ${dir}: confira DATA_DIR (ou DATABASE_URL, para PostgreSQL).`,
    );
  }
  if (await stat(path.join(dir, 'postmaster.pid')).catch(() => null)) {
    throw new BackupError(
      `O banco embutido em ${dir} está em uso (ou o servidor não foi encerrado corretamente): ` +
        'pare o servidor (se ele caiu, inicie-o e encerre-o normalmente) e rode o backup de novo.',
    );
  }
  progress(`Copiando o banco embutido (PGlite) de ${dir}...`);
  const db = await openPglite(dir);
  try {
    const query = pgliteQuery(db);
    const side = {
      migration: await appliedMigration(query),
      counts: await countRows(query),
      keys: await attachmentKeys(query),
    };
    await writeFile(file, Buffer.from(await (await db.dumpDataDir('gzip')).arrayBuffer()), { mode: 0o600 });
    return side;
  } finally {
    await db.close();
  }
}

/**
 * pg_dump runs in a snapshot this session exported, so the counts and attachment keys read here
 * are exactly the dump's, even while the servers keep writing.
 */
async function postgresSide(
  databaseUrl: string,
  file: string,
  progress: BackupRun['progress'],
): Promise<DatabaseSide> {
  const client = new pg.Client({ connectionString: databaseUrl });
  // A cut connection fails the running query, which reports it; unheard, the event would end the command.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const [{ snapshot }] = (
      await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot')
    ).rows as [{ snapshot: string }];
    const query: Query = async (sql) => (await client.query<Record<string, unknown>>(sql)).rows;
    const side = {
      migration: await appliedMigration(query),
      counts: await countRows(query),
      keys: await attachmentKeys(query),
    };
    progress('Exportando o PostgreSQL (pg_dump -Fc)...');
    const { dbname, env } = libpqConnection(databaseUrl);
    await runTool(
      'pg_dump',
      ['-Fc', `--snapshot=${snapshot}`, '--no-owner', `--file=${file}`, `--dbname=${dbname}`],
      env,
    );
    await client.query('commit');
    return side;
  } finally {
    await client.end();
  }
}

/**
 * `npm run backup`: the database plus the attachments it refers to, into a new directory. It is
 * written under <out>.incompleto and renamed at the end, so a directory named <out> is always whole.
 */
export async function runBackup({ config, out, progress }: BackupRun): Promise<Manifest> {
  if (!(await isEmptyDir(out)))
    throw new BackupError(`A pasta de destino ${out} já existe e não está vazia: escolha outra.`);
  const work = `${out}.incompleto`;
  await rm(work, { recursive: true, force: true });
  // The archive holds password hashes and every address: its owner's alone (hostile review, issue 16).
  await mkdir(work, { recursive: true, mode: 0o700 });
  try {
    const mode = config.databaseUrl ? 'postgres' : 'pglite';
    const dumpName = mode === 'postgres' ? POSTGRES_DUMP : PGLITE_DUMP;
    const side = config.databaseUrl
      ? await postgresSide(config.databaseUrl, path.join(work, dumpName), progress)
      : await pgliteSide(config, path.join(work, dumpName), progress);
    const parts: ArchivePart[] = [];
    const addPart = async (relative: string) => {
      const file = path.join(work, relative);
      parts.push({ path: relative, size: (await stat(file)).size, sha256: await sha256(file) });
    };
    await addPart(dumpName);

    let attachments: Manifest['attachments'];
    if (config.s3) {
      const { bucket } = config.s3;
      attachments = { storage: 's3', bucket };
      progress(
        `Anexos no bucket S3 "${bucket}": não entram neste backup; o versionamento/replicação do bucket os guarda.`,
      );
    } else {
      progress(`Copiando ${side.keys.length} anexo(s)...`);
      const uploads = path.join(config.dataDir, 'uploads');
      for (const key of side.keys) {
        const relative = path.join(ATTACHMENTS_DIR, shardedPath(key));
        await mkdir(path.dirname(path.join(work, relative)), { recursive: true });
        await copyFile(path.join(uploads, shardedPath(key)), path.join(work, relative)).catch(
          (err: unknown) => {
            if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
            throw new BackupError(
              `O anexo ${key} do banco não está em ${uploads} (apagado durante o backup, ou DATA_DIR errado): rode o backup de novo.`,
            );
          },
        );
        await addPart(relative);
      }
      attachments = { storage: 'local', files: side.keys.length };
    }
    const manifest: Manifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      mode,
      migration: side.migration,
      counts: side.counts,
      attachments,
      parts,
    };
    await writeFile(path.join(work, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    await rm(out, { recursive: true, force: true });
    await rename(work, out);
    return manifest;
  } catch (err) {
    await rm(work, { recursive: true, force: true });
    throw err;
  }
}
