import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PRUNE_INTERVAL_MS, SLOW_DOWN } from '../../src/auth/rate-limits.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { counterRows, signIn } from './support.ts';

/** Hostile input against the counters' table: floods, odd keys, personal data. */
const WINDOW_MS = 60_000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: { perAddress: 3, perIp: 10, windowMs: WINDOW_MS } });
});
afterAll(() => t.close());

describe('attempt counters under hostile input', () => {
  it('an overlong, odd e-mail is a key like any other, whatever its case and spaces', async () => {
    const odd = `'"; drop table tentativas; --\u{1F600}\\%_`.padEnd(200, 'ç');
    const variants = [odd, `  ${odd.toUpperCase()}`, `${odd} `];
    for (const [i, email] of variants.entries())
      expect((await signIn(t.app, email, `10.30.0.${i}`)).statusCode).toBe(401);
    const slowed = await signIn(t.app, odd, '10.30.0.9');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json()).toEqual({ error: 1, msg: SLOW_DOWN });
  });

  it('an e-mail over the limit is refused by the schema, naming the field, and counts nothing', async () => {
    const before = await counterRows(t.app);
    const res = await signIn(t.app, 'x'.repeat(201), '10.31.0.1');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 1, campo: 'email' });
    expect(await counterRows(t.app)).toEqual(before);
  });

  it('a flood of distinct addresses is held as hashed rows, without any address or IP, and deleted once its window ends', async () => {
    const FLOOD = 60;
    const answers = await Promise.all(
      Array.from({ length: FLOOD }, (_, i) => signIn(t.app, `invasor${i}@flood.example`, `10.32.${i}.1`)),
    );
    expect(answers.every((res) => res.statusCode === 401)).toBe(true);
    const rows = await counterRows(t.app);
    expect(rows.filter((r) => r.escopo === 'login:conta').length).toBeGreaterThanOrEqual(FLOOD);
    expect(rows.filter((r) => r.escopo === 'login:ip').length).toBeGreaterThanOrEqual(FLOOD);
    for (const row of rows) expect(row.chave).toMatch(/^[0-9a-f]{64}$/);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain('@');
    expect(stored).not.toContain('10.32.');

    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + WINDOW_MS + PRUNE_INTERVAL_MS + 1);
      expect((await signIn(t.app, 'depois@flood.example', '10.33.0.1')).statusCode).toBe(401);
      expect((await counterRows(t.app)).map((r) => r.escopo)).toEqual(['login:conta', 'login:ip']);
    } finally {
      vi.useRealTimers();
    }
  });
});
