import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { parseStatementsOnce } from '../../src/db/pglite-statements.ts';

/**
 * Hostile review of parseStatementsOnce (pglite-statements.ts) as a database user would drive it:
 * every case runs the same calls on a plain PGlite and on one with named statements, and what
 * the caller sees (rows, fields, the error's code, whether the next call works) must be the same.
 */
let plain: PGlite;
let named: PGlite;

beforeAll(async () => {
  plain = await PGlite.create();
  named = await PGlite.create();
  parseStatementsOnce(named);
});
afterAll(async () => {
  await plain.close();
  await named.close();
});

type Outcome = { rows?: unknown[]; fields?: unknown; affected?: number; code?: string; message?: string };

/** What a caller sees of one call: its rows, or its error's code. */
async function outcome(db: PGlite, text: string, params?: unknown[]): Promise<Outcome> {
  try {
    const r = await db.query(text, params);
    return { rows: r.rows, fields: r.fields, affected: r.affectedRows };
  } catch (error) {
    const e = error as { code?: string; message?: string };
    return { code: e.code ?? `js:${e.message}` };
  }
}

/** Runs `text` on both and expects the same outcome; returns it. */
async function same(text: string, params?: unknown[]): Promise<Outcome> {
  const expected = await outcome(plain, text, params);
  const got = await outcome(named, text, params);
  expect(got, `${text} ${JSON.stringify(params, (_, v) => (typeof v === 'bigint' ? `${v}n` : v))}`).toEqual(
    expected,
  );
  return got;
}

const both = async (sql: string) => {
  await plain.exec(sql);
  await named.exec(sql);
};

describe('values of unexpected types give what PGlite’s own query gives', () => {
  it('Date, bigint, arrays, objects, bytes, booleans, null and undefined into a text parameter', async () => {
    const text = 'select $1::text as v, pg_typeof($1)::text as t';
    for (const value of [
      new Date('2026-11-27T03:00:00Z'),
      9007199254740993n,
      [1, 2, 3],
      ['a', null, 'c'],
      { a: 1 },
      new Uint8Array([0, 1, 255]),
      true,
      0,
      -0,
      NaN,
      '',
      null,
      undefined,
    ])
      await same(text, [value]);
  });

  it('the same statement text with values of other JS types over time (parameter types are the statement’s)', async () => {
    await both('create table tipos (n int, j jsonb, d timestamptz, b bytea, a int[])');
    const insert = 'insert into tipos (n, j, d, b, a) values ($1, $2, $3, $4, $5) returning *';
    await same(insert, [1, { x: 1 }, new Date(0), new Uint8Array([1]), [1, 2]]);
    await same(insert, ['2', '{"x":2}', '1970-01-01', '\\x02', '{3,4}']);
    await same(insert, [3n, [1, 'a'], '2026-01-01T00:00:00-03:00', null, []]);
    await same(insert, ['não é número', null, null, null, null]);
    await same(insert, [4, 'não é json', null, null, null]);
    await same(insert, [5, null, 'não é data', null, null]);
    await same(insert, [6, null, new Date('x'), null, null]);
    await same(insert, [7, null, null, null, 'não é lista']);
    await same('select count(*)::int as n from tipos');
  });

  it('NUL bytes, lone surrogates and a 5 MB string: the database’s own answer, and the next call works', async () => {
    const text = 'select $1::text as v, length($1::text) as n';
    await same(text, ['a\u0000b']);
    await same(text, ['\uD800x\uDFFF']);
    await same(
      text,
      ['x'.repeat(5_000_000)].map((s) => s),
    );
    await same(text, ['depois']);
  });

  it('too many or too few parameters: the same error, and the statement still works afterwards', async () => {
    const text = 'select $1::int + $2::int as n';
    await same(text, [1]);
    await same(text, [1, 2, 3]);
    await same(text, []);
    await same(text, [1, 2]);
  });

  it('an empty statement, one of two commands, and a comment alone', async () => {
    await same('');
    await same('select 1; select 2');
    await same('-- nada');
    await same('select 1 as um');
  });
});

describe('tables changing under parsed statements (DDL, backup/restore drops and recreates)', () => {
  it('rule “a table whose columns changed is read as it is now” — a column whose type changed: writes and reads with the new type, as an unnamed query would', async () => {
    await both('create table muda_tipo (id int primary key, v int)');
    const insert = 'insert into muda_tipo (id, v) values ($1, $2)';
    const read = 'select v from muda_tipo where id = $1';
    await same(insert, [1, 10]);
    await same(read, [1]);
    await both('alter table muda_tipo alter column v type text');
    await same(insert, [2, 'texto agora']);
    await same(read, [2]);
    await same(read, [1]);
  });

  it('rule “a table whose columns changed is read as it is now” — a table dropped and created again with other column types', async () => {
    await both('create table recriada (id int primary key, codigo int)');
    const insert = 'insert into recriada (id, codigo) values ($1, $2)';
    const find = 'select id from recriada where codigo = $1';
    await same(insert, [1, 42]);
    await same(find, [42]);
    await both('drop table recriada; create table recriada (id int primary key, codigo text)');
    await same(insert, [2, 'UC-42']);
    await same(find, ['UC-42']);
  });

  it('a column added, dropped and renamed after the statement was parsed', async () => {
    await both('create table colunas (a int, b int); insert into colunas values (1, 2)');
    const star = 'select * from colunas where a = $1';
    const named_ = 'select b from colunas where a = $1';
    await same(star, [1]);
    await same(named_, [1]);
    await both('alter table colunas add column c text');
    await same(star, [1]);
    await both('alter table colunas rename column b to bb');
    await same(named_, [1]);
    await same(star, [1]);
    await both('alter table colunas rename column bb to b');
    await same(named_, [1]);
    await both('alter table colunas drop column b');
    await same(named_, [1]);
    await same(star, [1]);
  });

  it('rule “a table whose columns changed is read as it is now”, inside a transaction too — the re-parse must not abort the transaction', async () => {
    await both('create table na_transacao (a int); insert into na_transacao values (1)');
    const read = 'select * from na_transacao where a = $1';
    await same(read, [1]);
    await both('alter table na_transacao add column b text default $$novo$$');
    const inTx = async (db: PGlite) => {
      try {
        return await db.transaction(async (tx) => {
          const r = await tx.query(read, [1]);
          await tx.query('select 1');
          return { rows: r.rows };
        });
      } catch (error) {
        return { code: (error as { code?: string }).code };
      }
    };
    const expected = await inTx(plain);
    expect(expected).toEqual({ rows: [{ a: 1, b: 'novo' }] });
    expect(await inTx(named)).toEqual(expected);
  });
});

describe('transactions', () => {
  it('rule “what PGlite’s own query gives” — a statement parsed in a rolled-back transaction, on a table that transaction created, works once the table exists again with another type', async () => {
    const read = 'select x from efemera where x = $1';
    for (const db of [plain, named]) {
      await expect(
        db.transaction(async (tx) => {
          await tx.exec('create table efemera (x int)');
          await tx.query('insert into efemera values ($1)', [1]);
          expect((await tx.query(read, [1])).rows).toEqual([{ x: 1 }]);
          throw new Error('desfaz');
        }),
      ).rejects.toThrow('desfaz');
    }
    await same(read, [1]);
    await both('create table efemera (x text)');
    await same('insert into efemera values ($1)', ['1']);
    await same(read, ['1']);
  });

  it('an error in the middle of a transaction: the rest refused, rolled back whole, the next calls work', async () => {
    await both('create table meio (id int primary key)');
    for (const db of [plain, named]) {
      const seen: string[] = [];
      await expect(
        db.transaction(async (tx) => {
          await tx.query('insert into meio values ($1)', [1]);
          await tx.query('insert into meio values ($1)', [1]).catch((e) => seen.push(e.code));
          await tx.query('insert into meio values ($1)', [2]).catch((e) => seen.push(e.code));
          await tx.query('select novo_texto_nunca_visto from meio').catch((e) => seen.push(e.code));
        }),
      ).rejects.toBeDefined();
      expect(seen).toEqual(['23505', '25P02', '25P02']);
    }
    await same('select count(*)::int as n from meio');
    await same('insert into meio values ($1)', [2]);
    await same('select novo_texto_nunca_visto from meio');
  });

  it('BEGIN and COMMIT sent as queries keep a transaction, as with PGlite’s own query', async () => {
    await both('create table manual (id int)');
    for (const db of [plain, named]) {
      await db.query('begin');
      await db.query('insert into manual values ($1)', [1]);
      await db.query('rollback');
    }
    await same('select count(*)::int as n from manual');
  });
});

describe('more than 500 distinct statements', () => {
  it('evicted statements are closed, can be used again, and a failing call does not lose the closes', async () => {
    const count = async () =>
      (await named.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]!.n;
    for (let i = 0; i < 1100; i++) {
      const text = `select ${i} + $1::int as n`;
      // Every tenth call fails at bind: the statements evicted just before must still be closed.
      if (i % 10 === 0) await expect(named.query(text, ['x'])).rejects.toMatchObject({ code: '22P02' });
      else expect((await named.query(text, [1])).rows).toEqual([{ n: i + 1 }]);
    }
    await named.query('select 1');
    expect(await count()).toBeLessThanOrEqual(501);
    // The first ones, long evicted, parse again and answer.
    for (let i = 1; i < 5; i++)
      expect((await named.query(`select ${i} + $1::int as n`, [1])).rows).toEqual([{ n: i + 1 }]);
  });
});

describe('notifications and closing', () => {
  it('a NOTIFY sent through a named statement reaches the listener before the caller goes on', async () => {
    let heard = 0;
    await named.listen('canal_hostil', () => heard++);
    await named.query("select pg_notify('canal_hostil', $1)", ['x']);
    await new Promise((r) => setImmediate(r));
    expect(heard).toBe(1);
    await named.transaction(async (tx) => {
      await tx.query("select pg_notify('canal_hostil', $1)", ['y']);
    });
    await new Promise((r) => setImmediate(r));
    expect(heard).toBe(2);
  });

  it('calls in flight when the database closes settle (resolve or reject), none hangs', async () => {
    const db = await PGlite.create();
    parseStatementsOnce(db);
    const calls = Array.from({ length: 20 }, (_, i) =>
      db.query(`select ${i % 3} + $1::int as n`, [i]).then(
        () => 'ok',
        () => 'erro',
      ),
    );
    const closing = db.close();
    const settled = await Promise.race([
      Promise.all(calls),
      new Promise((r) => setTimeout(() => r('pendurado'), 5_000)),
    ]);
    await closing.catch(() => undefined);
    expect(settled).not.toBe('pendurado');
  });
});
