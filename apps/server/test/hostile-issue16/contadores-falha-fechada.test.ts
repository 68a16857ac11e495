import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/db/seed/demo-data.ts';
import { tentativas } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Hostile review of issue 16's attempt counters in the database: when counting cannot be done the
 * sign-in is refused (fail closed, GUIDE §7: the limit holds or nothing passes), and the counter
 * rows hold no address in clear.
 */
let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t?.close());

const signIn = (email: string, password: string, remoteAddress = '10.77.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress });

describe('attempt counters that cannot count (issue 16)', () => {
  it('with the counter table unreadable, the right password is not let through unlimited: no 200, no stack, Portuguese', async () => {
    await t.app.db.execute(sql`alter table tentativas rename to tentativas_fora`);
    try {
      const res = await signIn('admin@demo.portal', DEMO_PASSWORD);
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
      const body = res.json() as { msg: string };
      expect(body.msg).toMatch(/[ãçéáêõí]|Erro|erro/);
      expect(res.body).not.toMatch(/tentativas|relation|stack|at \//);
    } finally {
      await t.app.db.execute(sql`alter table tentativas_fora rename to tentativas`);
    }
    expect((await signIn('admin@demo.portal', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('the counter rows of a failed sign-in hold neither the address nor the IP in clear', async () => {
    await signIn('Alguem.Secreto@Exemplo.com.br', 'errada', '10.77.9.9');
    const rows = await t.app.db.select().from(tentativas);
    const dump = JSON.stringify(rows).toLowerCase();
    expect(rows.length).toBeGreaterThan(0);
    expect(dump).not.toContain('alguem.secreto');
    expect(dump).not.toContain('10.77.9.9');
  });

  it('a victim locked by a stranger’s wrong passwords signs in from another IP within the slowdown, never locked out', async () => {
    for (let i = 0; i < 12; i++) await signIn('celula@demo.portal', 'errada', '10.66.0.1');
    // The stranger's IP is locked; the owner from their own IP waits at most MAX_SLOWDOWN_MS.
    const owner = await signIn('celula@demo.portal', DEMO_PASSWORD, '10.66.0.2');
    if (owner.statusCode === 429) {
      const wait = Number(owner.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(30);
    } else expect(owner.statusCode).toBe(200);
  });
});
