import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Manifest } from '../../src/backup/archive.ts';
import { anexos, solicitacoes, usuarios } from '../../src/db/schema.ts';
import { multipart, newUnitPayload, PDF, PNG, readRequest } from '../support/requests.ts';
import { onDiskConfig, openOnDiskApp } from '../support/on-disk-app.ts';
import { bearer, freshDatabase, login } from '../support/test-app.ts';
import { runScript } from '../startup/support.ts';

/**
 * Issue 16, backups: `npm run backup` and `npm run restore` as the operator runs them (child
 * processes), on the embedded database or on PostgreSQL when TEST_DATABASE_URL is set.
 */
const postgres = Boolean(process.env.TEST_DATABASE_URL);

const envOf = (dataDir: string, databaseUrl: string | undefined) => ({
  DATA_DIR: dataDir,
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});

/** Unique bytes behind a real header, so byte-identity proves each file went to its own record. */
const unique = (header: Buffer) => Buffer.concat([header, randomBytes(4096)]);

async function tablesIn(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

/** Everything a restored copy must show again: the requests as the API reads them, and the rows. */
async function snapshot(app: FastifyInstance, token: string, ids: number[]) {
  const records = [];
  const files: Record<string, Buffer> = {};
  for (const id of ids) {
    const record = await readRequest(app, token, 'unidades', id);
    // The API lists a record's files in no stated order (the plan's): compared by id.
    (record.anexos as { id: number }[]).sort((a, b) => a.id - b.id);
    records.push(record);
    for (const value of Object.values(record)) {
      if (typeof value !== 'string' || !value.startsWith('/api/arquivos/')) continue;
      const res = await app.inject({ method: 'GET', url: value, headers: bearer(token) });
      expect(res.statusCode, res.body).toBe(200);
      files[value] = res.rawPayload;
    }
  }
  const rows = {
    solicitacoes: await app.db.select().from(solicitacoes).orderBy(asc(solicitacoes.id)),
    anexos: await app.db.select().from(anexos).orderBy(asc(anexos.id)),
    usuarios: await app.db.select().from(usuarios).orderBy(asc(usuarios.id)),
  };
  return { records, files, rows };
}

describe(`backup and restore (${postgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let dir: string;
  const databases: { url: string | undefined; drop(): Promise<void> }[] = [];
  let source: { dataDir: string; url: string | undefined };
  let archive: string;
  let ids: number[];
  let uploaded: Buffer[];
  let before: Awaited<ReturnType<typeof snapshot>>;

  /** A new target: a data directory, plus a database (empty, or the template's) in PostgreSQL mode. */
  async function emptyTarget(name: string, fromTemplate = false) {
    const database = await freshDatabase(fromTemplate);
    databases.push(database);
    return { dataDir: path.join(dir, name), url: database.url };
  }

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'portal-backup-'));
    source = await emptyTarget('origem', true);
    archive = path.join(dir, 'backup');
    const app = await openOnDiskApp(onDiskConfig(source.dataDir, source.url), true);
    const token = await login(app, 'solicitante@demo.portal');
    ids = [];
    uploaded = [];
    for (let i = 0; i < 2; i++) {
      const documents = [
        { field: 'fatura', filename: `fatura-${i}.pdf`, contentType: 'application/pdf', data: unique(PDF) },
        {
          field: 'comprovante_pagamento',
          filename: `comprovante-${i}.png`,
          contentType: 'image/png',
          data: unique(PNG),
        },
        {
          field: 'autorizacao',
          filename: `autorização-${i}.pdf`,
          contentType: 'application/pdf',
          data: unique(PDF),
        },
      ];
      const body = multipart(await newUnitPayload(app), documents);
      const res = await app.inject({
        method: 'POST',
        url: '/api/unidades/add',
        payload: body.payload,
        headers: { ...body.headers, ...bearer(token) },
      });
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json().dados.id as number);
      uploaded.push(...documents.map((d) => d.data));
    }
    before = await snapshot(app, token, ids);
    if (!postgres) {
      // PGlite is single-process: the backup of a data directory the server has open is refused.
      const refused = await runScript('cli/backup.ts', envOf(source.dataDir, source.url), ['--out', archive]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('está em uso');
      expect(await readdir(dir)).toEqual(['origem']);
      await app.close();
    }
    // PostgreSQL is backed up while the server runs (pg_dump in an exported snapshot).
    const run = await runScript('cli/backup.ts', envOf(source.dataDir, source.url), ['--out', archive]);
    if (postgres) await app.close();
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`Backup concluído em ${archive}`);
  }, 300_000);

  afterAll(async () => {
    for (const database of databases) await database.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('the manifest states the date, mode, migration and counts, and lists every part with its checksum', async () => {
    const manifest = JSON.parse(await readFile(path.join(archive, 'manifesto.json'), 'utf8')) as Manifest;
    const journal = JSON.parse(
      await readFile(path.join(import.meta.dirname, '../../drizzle/meta/_journal.json'), 'utf8'),
    ) as {
      entries: { tag: string }[];
    };
    expect(manifest.mode).toBe(postgres ? 'postgres' : 'pglite');
    expect(manifest.migration).toBe(journal.entries.at(-1)!.tag);
    expect(Date.now() - Date.parse(manifest.createdAt)).toBeLessThan(600_000);
    expect(manifest.counts.solicitacoes).toBe(before.rows.solicitacoes.length);
    expect(manifest.counts.anexos).toBe(before.rows.anexos.length);
    expect(manifest.attachments).toEqual({ storage: 'local', files: before.rows.anexos.length });
    expect(manifest.parts.map((p) => p.path)).toContain(postgres ? 'banco.dump' : 'banco.tar.gz');
    expect(manifest.parts.filter((p) => p.path.startsWith('anexos/'))).toHaveLength(
      before.rows.anexos.length,
    );
  });

  it('restores into an empty target where the app finds every record and every attachment byte-identical', async () => {
    const target = await emptyTarget('restaurado');
    const run = await runScript('cli/restore.ts', envOf(target.dataDir, target.url), ['--from', archive]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Restauração concluída e conferida: ');
    const app = await openOnDiskApp(onDiskConfig(target.dataDir, target.url), false);
    try {
      const token = await login(app, 'solicitante@demo.portal');
      const after = await snapshot(app, token, ids);
      expect(after.records).toEqual(before.records);
      expect(after.rows).toEqual(before.rows);
      expect(Object.keys(after.files)).toHaveLength(uploaded.length);
      for (const [url, bytes] of Object.entries(before.files))
        expect(after.files[url]!.equals(bytes)).toBe(true);
      expect(Object.values(after.files).every((bytes) => uploaded.some((u) => u.equals(bytes)))).toBe(true);
    } finally {
      await app.close();
    }

    // Never over anything: the same target again is refused and left as it was.
    const again = await runScript('cli/restore.ts', envOf(target.dataDir, target.url), ['--from', archive]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(
      postgres ? /O banco de DATABASE_URL não está vazio/ : /A pasta .*db não está vazia/,
    );
    expect(again.stdout).not.toContain('concluída');
  }, 180_000);

  it('refuses a target whose uploads folder is not empty, and writes nothing', async () => {
    const target = await emptyTarget('uploads-ocupado');
    await cp(path.join(archive, 'anexos'), path.join(target.dataDir, 'uploads'), { recursive: true });
    const run = await runScript('cli/restore.ts', envOf(target.dataDir, target.url), ['--from', archive]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('uploads não está vazia');
    if (target.url) expect(await tablesIn(target.url)).toBe(0);
    else expect(await readdir(target.dataDir)).toEqual(['uploads']);
  }, 180_000);

  it('a corrupted attachment or a missing database part fails with a clear message and restores nothing', async () => {
    const corrupted = path.join(dir, 'backup-corrompido');
    await cp(archive, corrupted, { recursive: true });
    const manifest = JSON.parse(await readFile(path.join(corrupted, 'manifesto.json'), 'utf8')) as Manifest;
    const attachment = manifest.parts.find((p) => p.path.startsWith('anexos/'))!;
    const bytes = await readFile(path.join(corrupted, attachment.path));
    bytes[bytes.length - 1]! ^= 0xff;
    await writeFile(path.join(corrupted, attachment.path), bytes);

    const target = await emptyTarget('alvo-corrompido');
    const bad = await runScript('cli/restore.ts', envOf(target.dataDir, target.url), ['--from', corrupted]);
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim()).toBe(
      `Backup corrompido: ${attachment.path} não confere com o manifesto. Nada foi restaurado.`,
    );

    const dump = postgres ? 'banco.dump' : 'banco.tar.gz';
    await unlink(path.join(corrupted, dump));
    const missing = await runScript('cli/restore.ts', envOf(target.dataDir, target.url), [
      '--from',
      corrupted,
    ]);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe(
      `Backup incompleto: falta ${dump} em ${corrupted}. Nada foi restaurado.`,
    );

    // A forged manifest cannot lead the copy outside the target.
    const forged = { ...manifest, parts: [{ path: '../../fora-do-destino', size: 1, sha256: '0' }] };
    await writeFile(path.join(corrupted, 'manifesto.json'), JSON.stringify(forged));
    const outside = await runScript('cli/restore.ts', envOf(target.dataDir, target.url), [
      '--from',
      corrupted,
    ]);
    expect(outside.code).toBe(1);
    expect(outside.stderr.trim()).toBe(
      `Backup inválido: manifesto.json em ${corrupted} não é de um backup do portal.`,
    );

    await unlink(path.join(corrupted, 'manifesto.json'));
    const noManifest = await runScript('cli/restore.ts', envOf(target.dataDir, target.url), [
      '--from',
      corrupted,
    ]);
    expect(noManifest.code).toBe(1);
    expect(noManifest.stderr.trim()).toBe(
      `Backup inválido: manifesto.json ausente ou ilegível em ${corrupted}.`,
    );

    if (target.url) expect(await tablesIn(target.url)).toBe(0);
    await expect(readdir(target.dataDir)).rejects.toThrow(/ENOENT/);
  }, 180_000);

  it('with S3 storage the backup holds the database only, and says the bucket keeps the files', async () => {
    const out = path.join(dir, 'backup-s3');
    const s3 = {
      S3_BUCKET: 'anexos-portal',
      S3_ACCESS_KEY_ID: 'chave',
      S3_SECRET_ACCESS_KEY: 'segredo',
      S3_ENDPOINT: 'http://127.0.0.1:1',
    };
    const run = await runScript('cli/backup.ts', { ...envOf(source.dataDir, source.url), ...s3 }, [
      '--out',
      out,
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(
      'Anexos no bucket S3 "anexos-portal": não entram neste backup; o versionamento/replicação do bucket os guarda.',
    );
    const manifest = JSON.parse(await readFile(path.join(out, 'manifesto.json'), 'utf8')) as Manifest;
    expect(manifest.attachments).toEqual({ storage: 's3', bucket: 'anexos-portal' });
    expect(manifest.parts.map((p) => p.path)).toEqual([postgres ? 'banco.dump' : 'banco.tar.gz']);
    expect(await readdir(out)).not.toContain('anexos');

    // Restored without the bucket, its rows would name files nowhere; a local backup restored
    // with a bucket would leave the bucket without its files.
    const target = await emptyTarget('alvo-s3');
    const noBucket = await runScript('cli/restore.ts', envOf(target.dataDir, target.url), ['--from', out]);
    expect(noBucket.code).toBe(1);
    expect(noBucket.stderr.trim()).toBe(
      'Os anexos deste backup estão no bucket S3 "anexos-portal": restaure-o com S3_BUCKET e as credenciais desse bucket.',
    );
    const refused = await runScript('cli/restore.ts', { ...envOf(target.dataDir, target.url), ...s3 }, [
      '--from',
      archive,
    ]);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe(
      'Os anexos deste backup estão em disco local: restaure-os sem S3_BUCKET e copie-os para o bucket depois.',
    );
  }, 180_000);

  it('a backup never writes into a folder that already holds something', async () => {
    const run = await runScript('cli/backup.ts', envOf(source.dataDir, source.url), ['--out', archive]);
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      `A pasta de destino ${archive} já existe e não está vazia: escolha outra.`,
    );
  }, 180_000);
});
