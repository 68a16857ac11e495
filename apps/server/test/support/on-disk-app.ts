import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { readConfig, type Config } from '../../src/config.ts';

/** The settings of an app on a real data directory (and database), as `npm start` opens it. */
export const onDiskConfig = (dataDir: string, databaseUrl: string | undefined): Config => ({
  ...readConfig({}),
  dataDir,
  databaseUrl,
  inMemoryDatabase: false,
  webDist: undefined,
  logLevel: 'silent',
  publicUrl: 'http://portal.test',
  seedDemo: false,
  orphanSweepIntervalMs: 0,
});

/**
 * That app, ready. `fromTemplate` starts an embedded database from the run's migrated and seeded
 * template (database-template.ts), as test apps do; otherwise it opens what the directory holds.
 */
export async function openOnDiskApp(config: Config, fromTemplate: boolean): Promise<FastifyInstance> {
  const app = await buildApp(config, {
    mailer: { send: async () => {} },
    pgliteSnapshot:
      fromTemplate && !config.databaseUrl ? new Blob([await readFile(inject('pgliteTemplate'))]) : undefined,
  });
  await app.ready();
  return app;
}
