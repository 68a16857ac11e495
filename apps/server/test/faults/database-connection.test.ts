import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE } from '../../src/http/error-handler.ts';
import { CuttableProxy } from '../support/cuttable-proxy.ts';
import { adminQuery } from '../support/postgres-admin.ts';
import { bearer, createTestApp, login, type TestApp } from '../support/test-app.ts';

const base = process.env.TEST_DATABASE_URL;

describe.runIf(base)('the server survives a lost PostgreSQL connection (GUIDE §7)', () => {
  const target = new URL(base ?? 'postgres://127.0.0.1:5432/test');
  const proxy = new CuttableProxy({ host: target.hostname, port: Number(target.port || 5432) });
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    await proxy.open();
    t = await createTestApp({}, undefined, (url) => {
      url.host = `127.0.0.1:${proxy.port}`;
      return url;
    });
    token = await login(t.app, 'celula@demo.portal');
  });
  afterAll(() => t?.close());

  const home = () => t.app.inject({ method: 'GET', url: '/api/home', headers: bearer(token) });
  const ready = () => t.app.inject({ method: 'GET', url: '/api/ready' });

  it('answers 503 in Portuguese while the database is away, and recovers by itself when it returns', async () => {
    expect((await home()).statusCode).toBe(200);

    await proxy.cut();
    for (let i = 0; i < 3; i++) {
      const res = await home();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: 1, msg: DATABASE_UNAVAILABLE });
    }
    // The load balancer's probe names the database, and nothing of how it is reached.
    const notReady = await ready();
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toEqual({
      error: 1,
      msg: 'Servidor não está pronto: banco de dados inacessível.',
      falhas: ['banco'],
    });
    expect(notReady.body).not.toMatch(/postgres|127\.0\.0\.1|5432/);

    await proxy.open();
    let recovered = 0;
    for (let i = 0; i < 20 && recovered !== 200; i++) {
      recovered = (await home()).statusCode;
      if (recovered !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    expect(recovered).toBe(200);
    expect((await ready()).json()).toEqual({ status: 'ok' });
  }, 60_000);
});

describe.runIf(base)(
  'a connection cut inside a transaction (GUIDE §7: every pg client has an error path)',
  () => {
    let t: TestApp;
    /** Resolves when the test route's transaction has written its row and is waiting. */
    let written: () => void;
    let release: () => void;

    beforeAll(async () => {
      t = await createTestApp({}, (app) => {
        // A transaction that holds its connection across an await, as a save does.
        app.post('/test/transacao-lenta', async () => {
          await app.db.transaction(async (tx) => {
            await tx.execute(sql`insert into corte_no_meio (nota) values ('escrita antes do corte')`);
            written();
            await new Promise<void>((resolve) => (release = resolve));
            await tx.execute(sql`insert into corte_no_meio (nota) values ('escrita depois do corte')`);
          });
          return { error: 0 };
        });
      });
      await t.app.db.execute(sql`create table corte_no_meio (nota text)`);
    });
    afterAll(() => t?.close());

    it('answers 503, keeps the process, writes nothing of the cut transaction, and the next call gets a new connection', async () => {
      const hasWritten = new Promise<void>((resolve) => (written = resolve));
      const answer = t.app.inject({ method: 'POST', url: '/test/transacao-lenta' });
      await hasWritten;
      await adminQuery(
        base!,
        `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = '${new URL(t.config.databaseUrl!).pathname.slice(1)}' and pid <> pg_backend_pid()`,
      );
      // The event reaches the checked-out client before the transaction goes on.
      await new Promise((resolve) => setTimeout(resolve, 200));
      release();
      const res = await answer;
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: 1, msg: DATABASE_UNAVAILABLE });

      const rows = await t.app.db.execute(sql`select nota from corte_no_meio`);
      expect((rows as unknown as { rows: unknown[] }).rows).toEqual([]);
      expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    }, 30_000);
  },
);
