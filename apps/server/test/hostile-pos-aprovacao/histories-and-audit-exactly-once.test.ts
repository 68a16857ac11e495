import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, historicoObservacoes, historicoStatus } from '../../src/db/schema.ts';
import { finalValidation, harness, preValidation, type Effects, type Harness } from './support.ts';

/**
 * docs/workflow.md: each save writes, in one transaction, the validation row (or the dates), the
 * stage move, one observation entry, the status-history entry when sent back, and one audit row.
 * A refusal (403, 404, 409, 422, 400) writes none of them.
 */
let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h.t.close());

const delta = (a: Effects, b: Effects) => ({
  validacoes: b.validacoes - a.validacoes,
  observacoes: b.observacoes - a.observacoes,
  status: b.status - a.status,
  audit: b.audit - a.audit,
  version: b.version - a.version,
});

describe('one of each per save', () => {
  it('pre-validation Aprovado: +1 validation, +1 observation, no status entry, +1 audit, +1 version', async () => {
    const u = await h.unit();
    const before = await h.effects(u.id);
    expect((await h.validate('amee', preValidation(u))).statusCode).toBe(200);
    expect(delta(before, await h.effects(u.id))).toEqual({
      validacoes: 1,
      observacoes: 1,
      status: 0,
      audit: 1,
      version: 1,
    });
  });

  it('pre-validation Não Aprovado: +1 of each including one status entry (14), by the validator', async () => {
    const u = await h.unit();
    const before = await h.effects(u.id);
    expect(
      (await h.validate('amee', preValidation(u, { status: 2, observacao: 'Site errado.' }))).statusCode,
    ).toBe(200);
    expect(delta(before, await h.effects(u.id))).toEqual({
      validacoes: 1,
      observacoes: 1,
      status: 1,
      audit: 1,
      version: 1,
    });
    const [st] = await h.t.app.db
      .select()
      .from(historicoStatus)
      .where(eq(historicoStatus.idSolicitacao, u.id));
    expect(st).toMatchObject({ status: 14, nome: 'Alberto Operador AME' });
    const [obs] = await h.t.app.db
      .select()
      .from(historicoObservacoes)
      .where(eq(historicoObservacoes.idSolicitacao, u.id));
    expect(obs!.obs).toBe('Pré-Validação: Não Aprovado. Site errado.');
  });

  it('final validation Aprovado and Não Aprovado', async () => {
    const a = await h.atStage(2);
    let before = await h.effects(a.id);
    expect((await h.validate('amee', finalValidation(a))).statusCode).toBe(200);
    expect(delta(before, await h.effects(a.id))).toEqual({
      validacoes: 1,
      observacoes: 1,
      status: 0,
      audit: 1,
      version: 1,
    });
    const b = await h.atStage(2);
    before = await h.effects(b.id);
    expect(
      (await h.validate('amee', finalValidation(b, { status: 2, observacao: 'Sem chave.' }))).statusCode,
    ).toBe(200);
    expect(delta(before, await h.effects(b.id))).toEqual({
      validacoes: 1,
      observacoes: 1,
      status: 1,
      audit: 1,
      version: 1,
    });
  });

  it('follow-up Aguardando and Ativa: +1 observation, +1 audit, no validation, no status entry', async () => {
    const u = await h.atStage(3);
    let before = await h.effects(u.id);
    const r1 = await h.followUp('amee', { ...u, situacao: 1 });
    expect(r1.statusCode).toBe(200);
    let after = await h.effects(u.id);
    expect(delta(before, after)).toEqual({ validacoes: 0, observacoes: 1, status: 0, audit: 1, version: 1 });
    before = after;
    const r2 = await h.followUp('amee', {
      id: u.id,
      version: r1.json().version,
      situacao: 2,
      data_primeira_fatura: '2026-01-01',
    });
    expect(r2.statusCode).toBe(200);
    after = await h.effects(u.id);
    expect(delta(before, after)).toEqual({ validacoes: 0, observacoes: 1, status: 0, audit: 1, version: 1 });
  });

  it('the audit row holds before/after of the stage and nothing of the session', async () => {
    const u = await h.unit();
    await h.validate('amee', preValidation(u, { observacao: 'ok' }));
    const [row] = await h.t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entidadeId, String(u.id)), eq(auditLog.acao, 'pre-validar' as never)))
      .orderBy(desc(auditLog.id));
    expect(row).toMatchObject({
      antes: { status: 8, pos_etapa: 1 },
      depois: expect.objectContaining({ status: 8, pos_etapa: 2, resultado: 1 }),
    });
    expect(JSON.stringify(row)).not.toContain(h.tokens.amee!);
  });
});

describe('nothing on a refusal', () => {
  it('403, 404, 409, 422 (stage, rule, payment, debit key, schema) and 400 write nothing', async () => {
    const at1 = await h.unit();
    const at2 = await h.atStage(2, { pagamento: 2 });
    const noPay = await h.atStage(2, { pagamento: null });
    const at3 = await h.atStage(3);
    const units = [at1, at2, noPay, at3];
    const before = await Promise.all(units.map((u) => h.effects(u.id)));
    const refusals = [
      [403, await h.validate('consulta', preValidation(at1))],
      [403, await h.validate('celula', preValidation(at1))],
      [409, await h.validate('amee', preValidation({ id: at1.id, version: at1.version + 1 }))],
      [422, await h.validate('amee', finalValidation(at1))],
      [422, await h.validate('amee', preValidation(at1, { status: 2 }))],
      [422, await h.validate('amee', preValidation(at1, { data_validacao: '2999-01-01' }))],
      [400, await h.validate('amee', preValidation(at1, { responsavel: 5 }))],
      [422, await h.validate('amee', finalValidation(at2))],
      [422, await h.validate('amee', finalValidation(at2, { chave_debito: '   ' }))],
      [422, await h.validate('amee', finalValidation(noPay))],
      [422, await h.followUp('amee', { ...at3, situacao: 2 })],
      [422, await h.followUp('amee', { ...at3, situacao: 1, data_primeira_fatura: '2999-01-01' })],
      [409, await h.followUp('amee', { id: at3.id, version: at3.version - 1, situacao: 1 })],
      [404, await h.followUp('amee', { id: 2 ** 31 - 1, version: 1, situacao: 1 })],
    ] as const;
    refusals.forEach(([code, res], i) => expect(res.statusCode, `#${i}: ${res.body}`).toBe(code));
    expect(await Promise.all(units.map((u) => h.effects(u.id)))).toEqual(before);
  });
});
