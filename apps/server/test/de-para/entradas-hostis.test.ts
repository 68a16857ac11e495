import fc from 'fast-check';
import { asc, count } from 'drizzle-orm';
import { DE_PARA_TIPOS } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, dePara } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { signedIn } from '../admin/support.ts';
import { hostileValue, runParameters } from '../propriedades/support.ts';

/**
 * GUIDE §7 on /de-para: whatever a client sends — valid bodies, bodies broken in any field, values
 * of the wrong type, ids out of range — the answer is never a 5xx, and a refusal writes nothing.
 */
let t: TestApp;
let amee: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp();
  amee = await signedIn(t.app, 'amee@demo.portal');
  for (const [tipo, de, para] of [
    ['tensao', 'BT', 'Baixa'],
    ['regional', 'Capital', '1'],
  ])
    await amee.post('/de-para/add', { tipo, de, para });
});
afterAll(() => t.close());

const footprint = async () => ({
  rows: await t.app.db.select().from(dePara).orderBy(asc(dePara.id)),
  audits: (await t.app.db.select({ n: count() }).from(auditLog))[0]!.n,
});

const text = fc.oneof(
  fc.string({ minLength: 1, maxLength: 45 }),
  fc.constantFrom('Enel Distribuição São Paulo', 'bt', 'BT', '1', '7', 'TSP', 'x'.repeat(121)),
);
const field = <T>(valid: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: hostileValue });
const body = fc.record(
  {
    id: field(fc.integer({ min: 1, max: 6 })),
    version: field(fc.integer({ min: 0, max: 3 })),
    tipo: field(fc.constantFrom(...DE_PARA_TIPOS)),
    de: field(text),
    para: field(fc.oneof(text, fc.integer({ min: -1, max: 9 }))),
    q: field(text),
    sort: field(fc.constantFrom('de', 'para', 'tipo', 'cadastrado', '__proto__')),
    page: field(fc.integer({ min: 0, max: 3 })),
  },
  { requiredKeys: [] },
);

describe('/de-para under generated and hostile payloads', () => {
  it('never a 5xx; a refusal writes nothing', async () => {
    const answered = { saved: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('list', 'add', 'edit', 'delete'), body, async (call, sent) => {
        const before = await footprint();
        const res = await amee.post(`/de-para/${call}`, sent);
        const where = `${call} ${JSON.stringify(sent)} → ${res.status} ${JSON.stringify(res.body)}`;
        expect(res.status, where).toBeLessThan(500);
        if (call !== 'list') answered[res.status === 200 ? 'saved' : 'refused'] += 1;
        if (res.status >= 400) {
          expect(res.body.msg, where).toEqual(expect.any(String));
          expect(await footprint(), where).toEqual(before);
        }
      }),
      runParameters(300),
    );
    // Not vacuous: the generated bodies both pass and fail the rules.
    expect(answered.saved).toBeGreaterThan(10);
    expect(answered.refused).toBeGreaterThan(10);
  });
});
