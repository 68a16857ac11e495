import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usuarios } from '../../src/db/schema.ts';
import { DATABASE_BUSY } from '../../src/http/error-handler.ts';
import { createTestApp, login, type TestApp } from '../support/test-app.ts';
import { call as post } from '../support/requests.ts';
import { insertRows } from '../hostile/support.ts';
import { live, validate, warm } from '../hostile-cache/support.ts';

/**
 * Hostile review of the named statements (pglite-statements.ts) as the app uses them: the session
 * cache learns of access changes from the notices that come back with a statement's answer, so an
 * end of session must still count at the next call however the statement got there (a statement
 * parsed long ago, one just re-parsed after eviction, one inside a transaction); and calls refused
 * 503 by the queue leave nothing behind that changes the next answers.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await live(t.app);
});
afterAll(() => t.close());

const churn = async (n: number, tag: string) => {
  for (let i = 0; i < n; i++) await t.app.db.execute(sql.raw(`select ${i} as ${tag}_${i}`));
};

describe('an ended session or user counts at the next call, through the named statements', () => {
  it('logout and deactivation after more than 500 other statements evicted theirs', async () => {
    const a = await login(t.app, 'consulta@demo.portal');
    await warm(t.app, a);
    // The logout's and the session read's statements were parsed; 600 others push them out.
    await churn(600, 'antes');
    expect((await post(t.app, a, '/api/logout', {})).statusCode).toBe(200);
    expect((await validate(t.app, a)).statusCode).toBe(401);

    const b = await login(t.app, 'property@demo.portal');
    await warm(t.app, b);
    await churn(600, 'depois');
    await t.app.db.update(usuarios).set({ ativo: false }).where(eq(usuarios.email, 'property@demo.portal'));
    expect((await validate(t.app, b)).statusCode).toBe(401);
    await t.app.db.update(usuarios).set({ ativo: true }).where(eq(usuarios.email, 'property@demo.portal'));
  }, 30_000);

  it('a deactivation inside a transaction counts once committed, and not at all when rolled back', async () => {
    const deactivate = (email: string, fail: boolean) =>
      t.app.db.transaction(async (tx) => {
        await tx.update(usuarios).set({ ativo: false }).where(eq(usuarios.email, email));
        await tx.execute(sql`select 1`);
        if (fail) await tx.execute(sql`select 1/0`);
      });
    for (const email of ['tower@demo.portal', 'amee@demo.portal']) {
      const token = await login(t.app, email);
      await warm(t.app, token);
      await expect(deactivate(email, true)).rejects.toBeDefined();
      expect((await validate(t.app, token)).statusCode, `${email} after a rolled-back deactivation`).toBe(
        200,
      );
      // The same statements again, now parsed: committed this time.
      await deactivate(email, false);
      expect((await validate(t.app, token)).statusCode, `${email} after a committed deactivation`).toBe(401);
      await t.app.db.update(usuarios).set({ ativo: true }).where(eq(usuarios.email, email));
    }
  });
});

describe.skipIf(process.env.TEST_DATABASE_URL)('calls refused 503 while PGlite is held', () => {
  it('a burst of duplicate checks and lists refused 503; afterwards each answers as it would have', async () => {
    const token = await login(t.app, 'regional@demo.portal');
    const [mine] = await insertRows(t.app, [{ unidade: 'HPFILA001', enderecoId: 'HPFILAE1' }]);
    await insertRows(t.app, [{ unidade: 'HPFILA002', enderecoId: 'HPFILAE2', regional: 1, idEmpresa: 1 }]);
    const calls = [
      () => post(t.app, token, '/api/novas-unidades/validar-unidade', { unidade: 'hpfila001' }),
      () => post(t.app, token, '/api/novas-unidades/validar-unidade', { unidade: 'hpfila002', id: mine }),
      () => post(t.app, token, '/api/novas-unidades/validar-endereco', { endereco_id: 'HPFILAE1', id: mine }),
      () => post(t.app, token, '/api/novas-unidades/list', { q: 'HPFILA', per_page: 5 }),
      ...Array.from(
        { length: 6 },
        (_, i) => () =>
          post(t.app, token, '/api/novas-unidades/list', {
            q: `HPFILA${i}`,
            per_page: i % 2 ? 10 : 5,
            page: 1 + (i % 3),
          }),
      ),
    ];
    const expected = [];
    for (const c of calls) expected.push(await c().then((r) => [r.statusCode, r.json()]));
    expect(expected.map((e) => e[0])).toEqual(calls.map(() => 200));
    let release!: () => void;
    const held = t.app.db.transaction(async (tx) => {
      // The holder itself parses new statements while the others wait.
      await tx.execute(sql`select ${'segurando'}::text as nunca_visto_antes`);
      await new Promise<void>((resolve) => (release = resolve));
    });
    const refused = await Promise.all(calls.map((c) => c())).finally(() => release());
    await held;
    for (const r of refused) {
      expect(r.statusCode).toBe(503);
      expect(r.json()).toEqual({ error: 1, msg: DATABASE_BUSY });
    }
    const after = await Promise.all(calls.map((c) => c().then((r) => [r.statusCode, r.json()])));
    expect(after).toEqual(expected);
  }, 20_000);
});
