import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startupFailureLine } from '../../src/startup/failure-line.ts';
import { runScript } from './support.ts';

/** A port nothing listens on: bound once by the test, then released. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '');

describe('a server that cannot start says why in one Portuguese line and exits non-zero (issue 9 item 12)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'portal-startup-'));
  });
  afterAll(async () => {
    await chmod(dir, 0o755).catch(() => {});
    await rm(dir, { recursive: true, force: true });
  });

  it('PostgreSQL down: names the unreachable host without the password', async () => {
    const port = await closedPort();
    const run = await runScript('main.ts', {
      DATABASE_URL: `postgres://portal:segredo@127.0.0.1:${port}/portal`,
      DATA_DIR: path.join(dir, 'pg-down'),
      PORT: String(await closedPort()),
    });
    expect(run.code).not.toBe(0);
    expect(lines(run.stderr)).toEqual([
      `Não foi possível conectar ao PostgreSQL em 127.0.0.1:${port}/portal (DATABASE_URL): verifique se o banco está no ar e inicie o servidor de novo.`,
    ]);
    expect(run.stderr + run.stdout).not.toContain('segredo');
  });

  it('DATA_DIR that is not a folder (a path under a file)', async () => {
    const file = path.join(dir, 'um-arquivo');
    await writeFile(file, '');
    const dataDir = path.join(file, 'data');
    const run = await runScript('main.ts', { DATA_DIR: dataDir, SEED_DEMO: '0' });
    expect(run.code).not.toBe(0);
    expect(lines(run.stderr)).toEqual([
      `DATA_DIR não é uma pasta (${dataDir}): aponte DATA_DIR para uma pasta gravável.`,
    ]);
  });

  // root writes through any file mode, so chmod cannot make a folder read-only for it.
  it.skipIf(process.getuid?.() === 0)(
    'read-only DATA_DIR (skipped as root, whom file modes do not stop)',
    async () => {
      const dataDir = path.join(dir, 'somente-leitura');
      await mkdir(dataDir);
      await chmod(dataDir, 0o555);
      const run = await runScript('main.ts', { DATA_DIR: dataDir, SEED_DEMO: '0' });
      expect(run.code).not.toBe(0);
      expect(lines(run.stderr)).toEqual([
        `DATA_DIR não permite gravação (${dataDir}): ajuste as permissões ou aponte DATA_DIR para uma pasta gravável.`,
      ]);
    },
  );

  it('full disk under DATA_DIR (the probe write fails with ENOSPC)', () => {
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    expect(startupFailureLine(full, { DATA_DIR: '/srv/portal' })).toBe(
      'Disco cheio em DATA_DIR (/srv/portal): libere espaço e inicie o servidor de novo.',
    );
  });
});
