import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/requests.ts';
import { finalValidation, harness, preValidation, type Harness } from './support.ts';

/**
 * GUIDE §7: check-then-write rules are atomic under concurrency. A double-click (or a replaying
 * client) sends the same save several times at once: exactly one wins, the rest are 409 (or 422),
 * and exactly one validation row, one observation, one audit row and one stage move are written.
 * Meaningful on PostgreSQL (TEST_DATABASE_URL); on PGlite the calls serialize.
 */
let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h.t.close());

const N = 8;
const codes = (rs: { statusCode: number }[]) => rs.map((r) => r.statusCode).sort();

describe('concurrent identical saves', () => {
  it(`${N} identical pre-validations at once: one 200, the rest 409, one of each side effect`, async () => {
    for (let round = 0; round < 3; round++) {
      const u = await h.unit();
      const before = await h.effects(u.id);
      const rs = await Promise.all(Array.from({ length: N }, () => h.validate('amee', preValidation(u))));
      expect(
        codes(rs).filter((c) => c === 200),
        rs.map((r) => r.body).join('\n'),
      ).toHaveLength(1);
      for (const r of rs) expect([200, 409]).toContain(r.statusCode);
      const after = await h.effects(u.id);
      expect(after).toMatchObject({
        validacoes: 1,
        observacoes: before.observacoes + 1,
        audit: 1,
        version: u.version + 1,
        posEtapa: 2,
      });
    }
  });

  it(`${N} identical Não Aprovado at once: one status entry (14), one validation, one observation`, async () => {
    const u = await h.atStage(2);
    const before = await h.effects(u.id);
    const rs = await Promise.all(
      Array.from({ length: N }, () =>
        h.validate('amee', finalValidation(u, { status: 2, observacao: 'Dados de pagamento.' })),
      ),
    );
    expect(codes(rs).filter((c) => c === 200)).toHaveLength(1);
    expect(await h.effects(u.id)).toEqual({
      ...before,
      validacoes: before.validacoes + 1,
      observacoes: before.observacoes + 1,
      status: before.status + 1,
      audit: before.audit + 1,
      version: before.version + 1,
      posEtapa: null,
      statusCode: 14,
    });
  });

  it('Aprovado and Não Aprovado racing: exactly one wins, the unit is in one consistent state', async () => {
    for (let round = 0; round < 3; round++) {
      const u = await h.unit();
      const rs = await Promise.all([
        h.validate('amee', preValidation(u)),
        h.validate('admin', preValidation(u, { status: 2, observacao: 'Não confere.' })),
        h.validate('amee', preValidation(u)),
        h.validate('admin', preValidation(u, { status: 2, observacao: 'Não confere.' })),
      ]);
      const winners = rs.filter((r) => r.statusCode === 200);
      expect(winners).toHaveLength(1);
      const e = await h.effects(u.id);
      expect(e.validacoes).toBe(1);
      expect(e.audit).toBe(1);
      const won = winners[0]!.json();
      expect(e).toMatchObject({
        statusCode: won.status,
        posEtapa: won.etapa,
        version: won.version,
        status: won.status === 14 ? 1 : 0,
      });
    }
  });

  it(`${N} identical follow-ups 'Ativa' at once: one 200, one observation, one audit`, async () => {
    const u = await h.atStage(3);
    const before = await h.effects(u.id);
    const rs = await Promise.all(
      Array.from({ length: N }, () =>
        h.followUp('amee', { ...u, situacao: 2, data_primeira_fatura: '2026-01-03' }),
      ),
    );
    expect(codes(rs).filter((c) => c === 200)).toHaveLength(1);
    for (const r of rs) expect([200, 409]).toContain(r.statusCode);
    expect(await h.effects(u.id)).toMatchObject({
      observacoes: before.observacoes + 1,
      audit: before.audit + 1,
      posEtapa: 4,
      version: before.version + 1,
    });
  });

  it('a validation racing a form edit of the same version: exactly one wins', async () => {
    for (let round = 0; round < 3; round++) {
      const u = await h.unit();
      const rs = await Promise.all([
        h.validate('amee', preValidation(u)),
        call(h.t.app, h.tokens.amee!, '/api/novas-unidades/edit', {
          id: u.id,
          version: u.version,
          status: 8,
          observacao: 'Na base.',
        }),
      ]);
      expect(
        rs.filter((r) => r.statusCode === 200),
        rs.map((r) => `${r.statusCode} ${r.body}`).join(' | '),
      ).toHaveLength(1);
      expect((await h.effects(u.id)).version).toBe(u.version + 1);
    }
  });

  it('pre-validation and final validation chained concurrently by a replaying client never skip a stage', async () => {
    const u = await h.unit();
    // the final validation sends the version the pre-validation will produce
    const rs = await Promise.all([
      h.validate('amee', finalValidation({ id: u.id, version: u.version + 1 })),
      h.validate('amee', preValidation(u)),
      h.validate('amee', finalValidation({ id: u.id, version: u.version + 1 })),
    ]);
    const e = await h.effects(u.id);
    // either the final validation ran after the pre-validation (stage 3, 2 rows) or was refused (stage 2, 1 row)
    expect([2, 3]).toContain(e.posEtapa);
    expect(e.validacoes).toBe(e.posEtapa === 3 ? 2 : 1);
    expect(rs.filter((r) => r.statusCode >= 500)).toHaveLength(0);
  });
});
