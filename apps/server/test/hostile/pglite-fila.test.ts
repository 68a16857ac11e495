import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_BUSY } from '../../src/http/error-handler.ts';
import { bearer, createTestApp, login, runQueue, type TestApp } from '../support/test-app.ts';
import { call, multipart, newUnitPayload, PDF, readRequest } from '../support/requests.ts';

/**
 * Hostile: on PGlite a call that cannot get its turn within 5 s is answered 503 DATABASE_BUSY and
 * must have written nothing: no row, no file, no session, no audit entry.
 */
describe.skipIf(process.env.TEST_DATABASE_URL)('hostile PGlite queue: a 503 writes nothing', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const count = async (table: string) =>
    Number(
      (
        (await t.app.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n,
    );
  const uploads = async () =>
    (
      await readdir(path.join(t.config.dataDir, 'uploads'), { recursive: true }).catch(() => [] as string[])
    ).filter((f) => f.includes('-'));
  /** Holds the database (one transaction) until released; returns the release. */
  const hold = () => {
    let release!: () => void;
    const held = t.app.db.transaction(() => new Promise<void>((resolve) => (release = resolve)));
    return { release: () => release?.(), held };
  };

  it('an edit with a file refused 503 keeps the version and leaves no file in storage', async () => {
    const requester = await login(t.app, 'solicitante@demo.portal');
    const created = await call(t.app, requester, '/api/novas-unidades/add', await newUnitPayload(t.app));
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().dados.id as number;
    const regional = await login(t.app, 'regional@demo.portal');
    const cell = await login(t.app, 'celula@demo.portal');
    await call(t.app, regional, '/api/novas-unidades/edit', { id, version: 1, status: 2 });
    await call(t.app, cell, '/api/novas-unidades/edit', { id, version: 2, status: 4 });
    const before = await readRequest(t.app, cell, 'novas-unidades', id);
    const files = await uploads();
    const body = multipart({ id, version: before.version, status: 4 }, [
      { field: 'complementar', filename: 'carta.pdf', contentType: 'application/pdf', data: PDF },
    ]);
    const h = hold();
    const res = await t.app
      .inject({
        method: 'POST',
        url: '/api/novas-unidades/edit',
        payload: body.payload,
        headers: { ...body.headers, ...bearer(cell) },
      })
      .finally(h.release);
    await h.held;
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: 1, msg: DATABASE_BUSY });
    const after = await readRequest(t.app, cell, 'novas-unidades', id);
    expect(after.version).toBe(before.version);
    expect(after.complementar ?? null).toBe(before.complementar ?? null);
    expect(await uploads()).toEqual(files);
  }, 30_000);

  it('a burst refused while the database is held writes none of its saves, and the queue serves again at once', async () => {
    const token = await login(t.app, 'solicitante@demo.portal');
    const bodies = [];
    for (let i = 0; i < 8; i++) bodies.push(await newUnitPayload(t.app, { unidade: `UCBURST${i}` }));
    const before = await count('solicitacoes');
    const h = hold();
    const answers = await Promise.all(
      bodies.map((b) => call(t.app, token, '/api/novas-unidades/add', b)),
    ).finally(h.release);
    await h.held;
    expect(answers.map((a) => a.statusCode)).toEqual(bodies.map(() => 503));
    expect(await count('solicitacoes')).toBe(before);
    const started = performance.now();
    const again = await call(
      t.app,
      token,
      '/api/novas-unidades/add',
      await newUnitPayload(t.app, { unidade: 'UCBURSTOK' }),
    );
    expect(again.statusCode).toBe(200);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(await count('solicitacoes')).toBe(before + 1);
  }, 30_000);

  it('a list call while the database is held is answered 503 in Portuguese, not hung', async () => {
    const token = await login(t.app, 'celula@demo.portal');
    const h = hold();
    const started = performance.now();
    const res = await call(t.app, token, '/api/novas-unidades/list', {
      page: 2,
      per_page: 5,
      apos: 1,
    }).finally(h.release);
    await h.held;
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: 1, msg: DATABASE_BUSY });
    expect(performance.now() - started).toBeLessThan(7_000);
  }, 20_000);
});

describe.skipIf(process.env.TEST_DATABASE_URL)(
  'hostile PGlite queue: an import whose housekeeping meets a busy database',
  () => {
    let t: TestApp;
    let client: PGlite;
    beforeAll(async () => {
      t = await createTestApp();
      client = (t.app.db as unknown as { $client: PGlite }).$client;
    });
    afterAll(() => t.close());

    it('a queued base import whose housekeeping meets a busy database is applied and reported applied', async () => {
      const { clientCnpjForUf } = await import('@portal/domain');
      const { CLIENT_COMPANY_NAME } = await import('@portal/domain/reconciliation');
      const amee = await login(t.app, 'amee@demo.portal');
      const csv = [
        'UC;Concessionária;Razão Social Fatura;CNPJ Fatura;UF;Regional;Ativa',
        `FILA-0001;ENEL SP;${CLIENT_COMPANY_NAME};${clientCnpjForUf('SP')};SP;TSP;Sim`,
      ].join('\r\n');
      const boundary = '----fila';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename="base.csv"\r\nContent-Type: text/csv\r\n\r\n`,
        ),
        Buffer.from(csv),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/conciliacao/importar?fluxo=energia',
        payload,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(amee) },
      });
      expect(res.statusCode, res.body).toBe(200);
      // Another caller's long transaction takes the database right after the import's own commit.
      const query = client.query;
      const transaction = client.transaction;
      let applied = false;
      let armed = true;
      let release: (() => void) | undefined;
      client.transaction = (async (...args: Parameters<PGlite['transaction']>) => {
        const result = await transaction.apply(client, args);
        applied = true;
        return result;
      }) as PGlite['transaction'];
      client.query = (async (...args: Parameters<PGlite['query']>) => {
        if (armed && applied && /delete from "base_provedor_carga"/i.test(String(args[0]))) {
          armed = false;
          void transaction.call(client, () => new Promise<void>((resolve) => (release = resolve)));
          setTimeout(() => release?.(), 6_000);
        }
        return query.apply(client, args);
      }) as PGlite['query'];
      let round;
      try {
        round = await runQueue(t.app);
      } finally {
        client.query = query;
        client.transaction = transaction;
        release?.();
      }
      const base = (await t.app.db.execute(
        sql`select count(*)::int as n from base_provedor where uc = 'FILA-0001'`,
      )) as unknown as { rows: { n: number }[] };
      const inBase = Number(base.rows[0]!.n) > 0;
      const run = (await t.app.db.execute(
        sql`select situacao from importacoes_base order by id desc limit 1`,
      )) as unknown as { rows: { situacao: string }[] };
      expect(armed, 'the stage was cleared after the commit').toBe(false);
      expect({ round, inBase, situacao: run.rows[0]?.situacao }).toEqual({
        round: { claimed: 1, failed: 0 },
        inBase: true,
        situacao: 'aplicada',
      });
    }, 30_000);
  },
);
