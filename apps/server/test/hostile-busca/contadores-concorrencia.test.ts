import pg from 'pg';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concessionarias, solicitacoes } from '../../src/db/schema.ts';
import { counterDrift } from '../../src/requests-core/counts-repo.ts';
import { createTestApp, login, type TestApp } from '../support/test-app.ts';
import { call, newUnitPayload, readRequest } from '../support/requests.ts';
import { insertRows } from '../hostile/support.ts';

/**
 * Hostile, PostgreSQL only (TEST_DATABASE_URL): the counters are kept by a row trigger that takes
 * away one from the old key's counter row and adds one to the new key's. Two saves moving requests
 * between the same two keys in opposite directions (SP→RJ and RJ→SP) lock those two counter rows
 * in opposite orders. Every save must still succeed, and the counters must agree with a recount.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let t: TestApp;
let pool: pg.Pool;
let concessionaires: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  concessionaires = (await t.app.db.select({ id: concessionarias.id }).from(concessionarias).limit(2)).map(
    (c) => c.id,
  );
  if (onPostgres) {
    pool = new pg.Pool({ connectionString: t.config.databaseUrl, max: 16 });
    // An idle client cut by the server (a busy CI box) must fail this test's query, not end the worker.
    pool.on('error', () => undefined);
  }
});
afterAll(async () => {
  await pool?.end();
  await t.close();
});

/** Runs `rounds` of simultaneous one-row saves (autocommit UPDATEs, as a save's own statement), returning the failures' codes. */
async function flipConcurrently(pairs: [number, number][], set: (to: 'a' | 'b') => string, rounds: number) {
  const failures: string[] = [];
  const run = async (sqlText: string, id: number) => {
    try {
      await pool.query(sqlText, [id]);
    } catch (err) {
      failures.push((err as { code?: string }).code ?? String(err));
    }
  };
  for (let round = 0; round < rounds; round++) {
    const there = round % 2 === 0;
    await Promise.all(
      pairs.flatMap(([a, b]) => [run(set(there ? 'b' : 'a'), a), run(set(there ? 'a' : 'b'), b)]),
    );
  }
  return failures;
}

describe.skipIf(!onPostgres)('the counters under concurrent saves (PostgreSQL)', () => {
  it('saves moving requests between two UFs in opposite directions at once all succeed (no deadlock on the counter rows)', async () => {
    const pairs: [number, number][] = [];
    for (let i = 0; i < 8; i++) {
      const [a, b] = await insertRows(t.app, [
        { uf: 'SP', unidade: `DLA${i}` },
        { uf: 'RJ', unidade: `DLB${i}` },
      ]);
      pairs.push([a!, b!]);
    }
    const failures = await flipConcurrently(
      pairs,
      (to) => `update solicitacoes set uf = '${to === 'a' ? 'SP' : 'RJ'}', updated_at = now() where id = $1`,
      6,
    );
    expect(failures).toEqual([]);
    expect(await counterDrift(t.app.db)).toEqual([]);
  }, 120_000);

  it('saves moving requests between two concessionaires in opposite directions at once all succeed', async () => {
    const [c1, c2] = concessionaires as [number, number];
    const pairs: [number, number][] = [];
    for (let i = 0; i < 8; i++) {
      const [a, b] = await insertRows(t.app, [
        { idConcessionaria: c1, unidade: `DCA${i}` },
        { idConcessionaria: c2, unidade: `DCB${i}` },
      ]);
      pairs.push([a!, b!]);
    }
    const failures = await flipConcurrently(
      pairs,
      (to) => `update solicitacoes set id_concessionaria = ${to === 'a' ? c1 : c2} where id = $1`,
      6,
    );
    expect(failures).toEqual([]);
    expect(await counterDrift(t.app.db)).toEqual([]);
  }, 120_000);

  it('after concurrent moves, inserts and deletes the counters agree with a recount', async () => {
    const ids = await insertRows(
      t.app,
      Array.from({ length: 40 }, (_, i) => ({
        uf: ['SP', 'RJ', 'MG', null][i % 4] ?? null,
        unidade: `DRF${i}`,
      })),
    );
    const ops = ids.flatMap((id, i) => [
      pool
        .query(`update solicitacoes set uf = $2 where id = $1`, [id, ['RJ', 'MG', 'SP', 'BA'][i % 4]])
        .catch((e) => e),
      pool.query(`update solicitacoes set status = 3 where id = $1`, [id]).catch((e) => e),
      i % 5 === 0 ? pool.query(`delete from solicitacoes where id = $1`, [id]).catch((e) => e) : undefined,
    ]);
    await Promise.all(ops);
    expect(await counterDrift(t.app.db)).toEqual([]);
    await t.app.db.delete(solicitacoes).where(inArray(solicitacoes.id, ids));
    expect(await counterDrift(t.app.db)).toEqual([]);
  }, 120_000);
});

describe.skipIf(!onPostgres)('the counters under concurrent edits through the API (PostgreSQL)', () => {
  it("two requesters' edits swapping concessionaires at once are both saved: none answers 500 (deadlock on the counters)", async () => {
    const token = await login(t.app, 'solicitante@demo.portal');
    const idOf = async (nome: string) =>
      (await t.app.db.select().from(concessionarias).where(eq(concessionarias.nome, nome)))[0]!.id;
    const [enel, cpfl] = [await idOf('Enel Distribuição São Paulo'), await idOf('CPFL Paulista')];
    const pairs: [number, number][] = [];
    for (let i = 0; i < 8; i++) {
      const ids: number[] = [];
      for (const c of [enel, cpfl]) {
        const res = await call(
          t.app,
          token,
          '/api/novas-unidades/add',
          await newUnitPayload(t.app, { id_concessionaria: c }),
        );
        expect(res.statusCode, res.body).toBe(200);
        ids.push(res.json().dados.id);
      }
      pairs.push([ids[0]!, ids[1]!]);
    }
    const deadlocks = async () =>
      Number(
        (await pool.query('select deadlocks from pg_stat_database where datname = current_database()'))
          .rows[0].deadlocks,
      );
    const deadlocksBefore = await deadlocks();
    const answers: number[] = [];
    for (let round = 0; round < 6; round++) {
      const there = round % 2 === 0;
      const edit = async (id: number, to: number) => {
        const { version } = await readRequest(t.app, token, 'novas-unidades', id);
        const res = await call(t.app, token, '/api/novas-unidades/edit', {
          id,
          version,
          id_concessionaria: to,
        });
        answers.push(res.statusCode);
        if (res.statusCode !== 200 && res.statusCode !== 500) throw new Error(res.body);
      };
      await Promise.all(
        pairs.flatMap(([a, b]) => [edit(a, there ? cpfl : enel), edit(b, there ? enel : cpfl)]),
      );
    }
    // pg_stat_database is updated by the statistics collector a moment later: the 500s are deadlocks.
    await new Promise((r) => setTimeout(r, 1500));
    expect({
      failed: answers.filter((s) => s !== 200),
      deadlocks: (await deadlocks()) - deadlocksBefore,
    }).toEqual({
      failed: [],
      deadlocks: 0,
    });
    expect(await counterDrift(t.app.db)).toEqual([]);
  }, 120_000);
});
