import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackupError, MANIFEST, type Manifest } from '../../src/backup/archive.ts';
import { runBackup } from '../../src/backup/backup.ts';
import { runRestore } from '../../src/backup/restore.ts';
import type { Config } from '../../src/config.ts';
import { onDiskConfig, openOnDiskApp } from '../support/on-disk-app.ts';

/**
 * Hostile review of issue 16's backups, on the embedded database (PostgreSQL's pg_dump file is
 * written by the same runBackup): the archive holds every password hash and session of the portal,
 * so only its owner may read it; a tampered manifest never leads a restore outside its target.
 */
const postgres = Boolean(process.env.TEST_DATABASE_URL);
let root: string;
let config: Config;
let out: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'portal-h16-backup-'));
  config = onDiskConfig(path.join(root, 'origem'), undefined);
  const app = await openOnDiskApp(config, true);
  await app.close();
  out = path.join(root, 'backup');
  await runBackup({ config, out, progress: () => {} });
}, 240_000);
afterAll(() => rm(root, { recursive: true, force: true }));

describe.skipIf(postgres)('the backup archive (issue 16)', () => {
  it('a backup holding password hashes is readable by its owner only: no group or world access', async () => {
    for (const entry of [out, path.join(out, MANIFEST), path.join(out, 'banco.tar.gz')]) {
      const mode = (await stat(entry)).mode & 0o777;
      expect(mode & 0o077, `${path.relative(root, entry)} mode ${mode.toString(8)}`).toBe(0);
    }
  });

  it('a manifest naming a path outside the archive is refused before anything is written', async () => {
    const manifest = JSON.parse(await readFile(path.join(out, MANIFEST), 'utf8')) as Manifest;
    const evil = path.join('anexos', '..', '..', 'fuga');
    const bytes = Buffer.from('conteúdo do atacante');
    await writeFile(path.join(root, 'fuga'), bytes);
    manifest.parts.push({
      path: evil,
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    await writeFile(path.join(out, MANIFEST), JSON.stringify(manifest));
    const target = path.join(root, 'alvo', 'dados');
    await mkdir(target, { recursive: true });
    await expect(
      runRestore({ config: { ...config, dataDir: target }, from: out, progress: () => {} }),
    ).rejects.toBeInstanceOf(BackupError);
    await expect(stat(path.join(root, 'alvo', 'fuga'))).rejects.toThrow();
    await expect(stat(path.join(target, 'db'))).rejects.toThrow();
  });
});
