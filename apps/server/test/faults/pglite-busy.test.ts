import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solicitacoes } from '../../src/db/schema.ts';
import { DATABASE_BUSY } from '../../src/http/error-handler.ts';
import { createTestApp, login, type TestApp } from '../support/test-app.ts';
import { call, newUnitPayload } from '../support/requests.ts';

/**
 * Issue 12: on the embedded PGlite one query or transaction runs at a time. A save that cannot
 * get its turn within the bounded wait (5 s) is refused with a 503 and writes nothing, instead
 * of hanging and committing after the client gave up; calls take their turns first come, first
 * served.
 */
describe.skipIf(process.env.TEST_DATABASE_URL)('PGlite: a save that cannot start in time is refused', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await login(t.app, 'solicitante@demo.portal');
  });
  afterAll(() => t.close());

  const count = async () =>
    (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(solicitacoes))[0]!.n;
  // Built before the database is held: the payload reads a concessionaire.
  const payload = (unidade: string) => newUnitPayload(t.app, { unidade });
  const save = (body: object) => call(t.app, token, '/api/novas-unidades/add', body);

  it('answers 503 in Portuguese after at most 5 s while a transaction holds the database, and saves once it is free', async () => {
    const [first, second] = [await payload('UCBUSY1'), await payload('UCBUSY2')];
    const before = await count();
    let release!: () => void;
    const held = t.app.db.transaction(() => new Promise<void>((resolve) => (release = resolve)));
    const started = performance.now();
    const refused = await save(first).finally(() => release());
    await held;
    expect(performance.now() - started).toBeGreaterThanOrEqual(4_900);
    expect(performance.now() - started).toBeLessThan(7_000);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ error: 1, msg: DATABASE_BUSY });
    expect(await count()).toBe(before);
    expect((await save(second)).statusCode).toBe(200);
    expect(await count()).toBe(before + 1);
  });

  it('saves sent together are all written when none waits past the bound, in the order they came', async () => {
    const bodies = [];
    for (let i = 0; i < 10; i++) bodies.push(await payload(`UCFILA${i}`));
    const answers = await Promise.all(bodies.map(save));
    expect(answers.map((a) => a.statusCode)).toEqual(bodies.map(() => 200));
    const ids = answers.map((a) => a.json().dados.id as number);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });
});
