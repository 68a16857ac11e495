import fc from 'fast-check';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solicitacoes, solicitacoesContagem, usuarios } from '../../src/db/schema.ts';
import { counterDrift } from '../../src/requests-core/counts-repo.ts';
import { scopeOf } from '../../src/requests-core/scope-repo.ts';
import { call } from '../support/requests.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import type { SessionUser } from '@portal/domain';

/**
 * Issue 12: list totals and the dashboard read per-scope counters kept by a trigger, never a count
 * over the requests. Whatever sequence of writes happens, the counters equal a recount.
 */
let t: TestApp;
let owner: number;
beforeAll(async () => {
  t = await createTestApp();
  owner = (await t.app.db.select({ id: usuarios.id }).from(usuarios).limit(1))[0]!.id;
});
afterAll(() => t.close());

type Op =
  | {
      op: 'insert';
      fluxo: 'energia' | 'agua';
      tipo: 'nova' | 'troca';
      status: number;
      regional: number | null;
      empresa: number | null;
      uf: string | null;
      concessionaria: number | null;
    }
  | { op: 'status'; pick: number; status: number }
  | { op: 'move'; pick: number; regional: number | null; empresa: number | null }
  | { op: 'place'; pick: number; uf: string | null; concessionaria: number | null }
  | { op: 'delete'; pick: number };

const regional = fc.constantFrom(null, 1, 5, 7);
const empresa = fc.constantFrom(null, 1, 2, 3);
const uf = fc.constantFrom(null, 'SP', 'RJ');
const concessionaria = fc.constantFrom(null, 1, 2);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    op: fc.constant('insert' as const),
    fluxo: fc.constantFrom('energia' as const, 'agua' as const),
    tipo: fc.constantFrom('nova' as const, 'troca' as const),
    status: fc.integer({ min: 0, max: 16 }),
    regional,
    empresa,
    uf,
    concessionaria,
  }),
  fc.record({ op: fc.constant('status' as const), pick: fc.nat(), status: fc.integer({ min: 0, max: 16 }) }),
  fc.record({ op: fc.constant('move' as const), pick: fc.nat(), regional, empresa }),
  fc.record({ op: fc.constant('place' as const), pick: fc.nat(), uf, concessionaria }),
  fc.record({ op: fc.constant('delete' as const), pick: fc.nat() }),
);

async function apply(op: Op): Promise<void> {
  const { db } = t.app;
  if (op.op === 'insert') {
    await db.insert(solicitacoes).values({
      fluxo: op.fluxo,
      tipo: op.tipo,
      status: op.status,
      idUsuario: owner,
      regional: op.regional,
      idEmpresa: op.empresa,
      uf: op.uf,
      idConcessionaria: op.concessionaria,
    });
    return;
  }
  const ids = (await db.select({ id: solicitacoes.id }).from(solicitacoes)).map((r) => r.id);
  if (!ids.length) return;
  const id = ids[op.pick % ids.length]!;
  if (op.op === 'status')
    await db.update(solicitacoes).set({ status: op.status }).where(eq(solicitacoes.id, id));
  if (op.op === 'move')
    await db
      .update(solicitacoes)
      .set({ regional: op.regional, idEmpresa: op.empresa })
      .where(eq(solicitacoes.id, id));
  if (op.op === 'place')
    await db
      .update(solicitacoes)
      .set({ uf: op.uf, idConcessionaria: op.concessionaria })
      .where(eq(solicitacoes.id, id));
  if (op.op === 'delete') await db.delete(solicitacoes).where(eq(solicitacoes.id, id));
}

describe('per-scope counters of the requests', () => {
  it('equal a recount after any sequence of creates, status moves, scope moves, UF and concessionaire moves and deletes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 25 }), async (ops) => {
        for (const op of ops) await apply(op);
        expect(await counterDrift(t.app.db)).toEqual([]);
      }),
      { numRuns: 15 },
    );
  });

  it('the lists answer, for every scope, the total a count over the table gives', async () => {
    for (const who of ['celula', 'regional', 'tower', 'solicitante']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: `${who}@demo.portal`, password: 'Portal@2026' },
      });
      const { token, user } = res.json() as { token: string; user: SessionUser };
      for (const status of [undefined, 0, 7]) {
        const listed = await call(
          t.app,
          token,
          '/api/novas-unidades/list',
          status === undefined ? {} : { status },
        );
        const [real] = await t.app.db
          .select({ n: count() })
          .from(solicitacoes)
          .where(
            and(
              scopeOf(user),
              eq(solicitacoes.fluxo, 'energia'),
              eq(solicitacoes.tipo, 'nova'),
              status === undefined ? undefined : eq(solicitacoes.status, status),
            ),
          );
        expect(listed.json().total, `${who} status ${status}`).toBe(real!.n);
      }
    }
  });

  it('a counter that drifted is reported by the check, naming its row', async () => {
    await t.app.db.execute(
      sql`update ${solicitacoesContagem} set total = total + 3 where ctid = (select ctid from ${solicitacoesContagem} limit 1)`,
    );
    const drift = await counterDrift(t.app.db);
    expect(drift).toHaveLength(1);
    expect(Number(drift[0]!.contado) - Number(drift[0]!.recontado)).toBe(3);
  });
});
