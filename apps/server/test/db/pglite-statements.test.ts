import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { parseStatementsOnce } from '../../src/db/pglite-statements.ts';

// The same database twice: one through PGlite's own `query`, one through the named statements.
let plain: PGlite;
let named: PGlite;
const SCHEMA = `create table t (id serial primary key, nome text unique, quando timestamptz, dia date,
  dados jsonb, ids int[], ativo boolean, grande bigint, bytes bytea, valor numeric)`;

beforeAll(async () => {
  plain = await PGlite.create();
  named = await PGlite.create();
  parseStatementsOnce(named);
  for (const db of [plain, named]) await db.exec(SCHEMA);
});
afterAll(async () => {
  await plain.close();
  await named.close();
});

const preparedCount = async (db: PGlite) =>
  (await db.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]!.n;

describe('PGlite statements parsed once (issue 12: the embedded database at 0.35× PostgreSQL)', () => {
  it('values of every kind go in and come back exactly as through PGlite’s own query', async () => {
    const insert = `insert into t (nome, quando, dia, dados, ids, ativo, grande, bytes, valor)
      values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning *`;
    const values = (nome: string) => [
      nome,
      new Date('2026-11-27T03:00:00Z'),
      '2026-11-27',
      { a: [1, 'b'] },
      [1, 2, 3],
      true,
      9007199254740993n,
      new Uint8Array([0, 255]),
      '12.50',
    ];
    const asArray = { rowMode: 'array' as const };
    for (const [nome, options] of [
      ['Ação "x"', undefined],
      ['ação 2', asArray],
    ] as const) {
      const expected = await plain.query(insert, values(nome), options);
      const got = await named.query(insert, values(nome), options);
      expect(got.rows).toEqual(expected.rows);
      expect(got.fields).toEqual(expected.fields);
      expect(got.affectedRows).toBe(1);
    }
    const select = 'select nome, ids, dados from t where ativo = $1 and nome = any($2) order by id';
    expect((await named.query(select, [true, ['Ação "x"']])).rows).toEqual(
      (await plain.query(select, [true, ['Ação "x"']])).rows,
    );
    // Nulls, and a statement with no rows to give.
    expect((await named.query('update t set dia = $1 where id = $2', [null, 1])).affectedRows).toBe(1);
    expect((await named.query('select dia from t where id = $1', [1])).rows).toEqual([{ dia: null }]);
  });

  it('a statement is parsed once: the second call reuses it, and only a bounded number is kept', async () => {
    const before = await preparedCount(named);
    await named.query('select $1::int + 1 as n', [1]);
    await named.query('select $1::int + 1 as n', [2]);
    expect(await preparedCount(named)).toBe(before + 1);
    for (let i = 0; i < 520; i++)
      expect((await named.query(`select ${i} + $1::int as n`, [1])).rows).toEqual([{ n: i + 1 }]);
    await named.query('select 1'); // the oldest are closed on the next call
    expect(await preparedCount(named)).toBeLessThanOrEqual(500);
  });

  it('an error is the database’s own, with its code, and the next call works', async () => {
    await expect(named.query('insert into t (nome) values ($1)', ['Ação "x"'])).rejects.toMatchObject({
      code: '23505',
    });
    await expect(named.query('selec nada')).rejects.toMatchObject({ code: '42601' });
    await expect(named.query('selec nada')).rejects.toMatchObject({ code: '42601' });
    expect((await named.query('select count(*)::int as n from t')).rows).toEqual([{ n: 2 }]);
  });

  it('a table whose columns changed after the statement was parsed is read as it is now', async () => {
    await named.exec('create table mudou (a int); insert into mudou values (1)');
    expect((await named.query('select * from mudou where a = $1', [1])).rows).toEqual([{ a: 1 }]);
    await named.exec('alter table mudou add column b text default $$novo$$');
    expect((await named.query('select * from mudou where a = $1', [1])).rows).toEqual([{ a: 1, b: 'novo' }]);
  });

  it('inside a transaction: rolled back with it, and refused once the transaction is over', async () => {
    let leaked: Awaited<Parameters<Parameters<PGlite['transaction']>[0]>[0]> | undefined;
    await expect(
      named.transaction(async (tx) => {
        leaked = tx;
        await tx.query('insert into t (nome) values ($1)', ['na transação']);
        expect((await tx.query('select count(*)::int as n from t')).rows).toEqual([{ n: 3 }]);
        throw new Error('desfaz');
      }),
    ).rejects.toThrow('desfaz');
    expect((await named.query('select count(*)::int as n from t')).rows).toEqual([{ n: 2 }]);
    await expect(leaked!.query('select 1')).rejects.toThrow('Transaction is closed');
  });
});
