import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_DEMO_WITH_POSTGRES } from '../../src/config.ts';
import { grupos, usuarios } from '../../src/db/schema.ts';
import { startServer } from '../../src/startup/start-server.ts';
import { freshDatabase } from '../support/test-app.ts';
import { START_ENV } from './support.ts';

describe('demo users exist only on the embedded default and only in a new database (GUIDE §7)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'portal-demo-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('creates them on the start that creates the embedded database, and never again: a deleted admin@demo.portal stays deleted', async () => {
    const env = { ...START_ENV, DATA_DIR: path.join(dir, 'embedded') };
    const first = await startServer(env);
    expect(first.app.seededUsers).toContain('admin@demo.portal');
    await first.app.db.delete(usuarios).where(eq(usuarios.email, 'admin@demo.portal'));
    await first.app.close();

    const second = await startServer(env);
    expect(second.app.seededUsers).toEqual([]);
    const login = await second.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'admin@demo.portal', password: 'Portal@2026' },
    });
    expect(login.statusCode).toBe(401);
    await second.app.close();
    // Two starts from an empty data directory, each migrating and saving the demo's requests.
  }, 90_000);

  it('refuses to start with SEED_DEMO=1 and DATABASE_URL, in one Portuguese line', async () => {
    const env = {
      ...START_ENV,
      DATA_DIR: path.join(dir, 'refused'),
      SEED_DEMO: '1',
      DATABASE_URL: 'postgres://127.0.0.1:1/x',
    };
    await expect(startServer(env)).rejects.toThrow(SEED_DEMO_WITH_POSTGRES);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'creates no demo user on a new PostgreSQL database, but still the reference data',
    async () => {
      const database = await freshDatabase();
      const started = await startServer({
        ...START_ENV,
        DATA_DIR: path.join(dir, 'pg'),
        DATABASE_URL: database.url,
      });
      try {
        expect(started.app.seededUsers).toEqual([]);
        expect((await started.app.db.select({ n: count() }).from(usuarios))[0]!.n).toBe(0);
        expect((await started.app.db.select({ n: count() }).from(grupos))[0]!.n).toBeGreaterThan(0);
      } finally {
        await started.app.close();
        await database.drop();
      }
    },
  );
});
