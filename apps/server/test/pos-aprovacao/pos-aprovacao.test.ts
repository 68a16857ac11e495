import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTIVE_NEEDS_INVOICE,
  DEBIT_KEY_REQUIRED,
  GROUP,
  NO_PAYMENT_TYPE,
  OBSERVATION_REQUIRED_WHEN_REFUSED,
  RECEIVED_BEFORE_ISSUED,
  STALE_VERSION,
  todayInBrasilia,
} from '@portal/domain';
import {
  auditLog,
  concessionarias,
  historicoObservacoes,
  historicoStatus,
  notificacoes,
  solicitacoes,
  usuarios,
  validacoesUc,
} from '../../src/db/schema.ts';
import { createTestApp, login, type TestApp } from '../support/test-app.ts';
import { call } from '../support/requests.ts';
import { reasonFor } from '../support/refusal-reasons.ts';

/**
 * Issue 14: after an energy new unit is inserted in the provider's base (8) it waits for its
 * pre-validation, then its final validation, then its first invoice, until it is 'Ativa'. Only the
 * provider (and administrators) work these screens; 'Não Aprovado' sends it back to 14 for the cell.
 */
const DEADLINE_DAYS = 20;
let t: TestApp;
const tokens: Record<string, string> = {};
let requester: { id: number; empresa: number | null; regional: number | null };
let concessionaire: number;

beforeAll(async () => {
  t = await createTestApp({ stageDeadlineDays: DEADLINE_DAYS });
  // A provider operator with profile 3 (Consulta).
  await t.app.db
    .update(usuarios)
    .set({ idGrupo: GROUP.AMEE })
    .where(eq(usuarios.email, 'consulta@demo.portal'));
  for (const who of ['admin', 'celula', 'amee', 'regional', 'solicitante', 'tower', 'consulta'])
    tokens[who] = await login(t.app, `${who}@demo.portal`);
  refusalReasonId = (await reasonFor(t.app, 'pos-aprovacao.nao-aprovado')).motivo_recusa_id;
  const [who] = await t.app.db
    .select({ id: usuarios.id, empresa: usuarios.idEmpresa, regional: usuarios.idRegional })
    .from(usuarios)
    .where(eq(usuarios.email, 'solicitante@demo.portal'));
  requester = who!;
  const [c] = await t.app.db
    .select({ id: concessionarias.id })
    .from(concessionarias)
    .where(eq(concessionarias.fluxo, 'energia'))
    .limit(1);
  concessionaire = c!.id;
});
afterAll(() => t.close());

let serial = 0;
/** A request inserted straight at `status` (8 by default: the trigger opens its pre-validation). */
async function unit(
  options: {
    status?: number;
    fluxo?: 'energia' | 'agua';
    tipo?: 'nova' | 'troca';
    regional?: number;
    pagamento?: number | null;
    days?: number;
  } = {},
) {
  const [row] = await t.app.db
    .insert(solicitacoes)
    .values({
      fluxo: options.fluxo ?? 'energia',
      tipo: options.tipo ?? 'nova',
      status: options.status ?? 8,
      idUsuario: requester.id,
      idEmpresa: requester.empresa,
      regional: options.regional ?? 7,
      idConcessionaria: concessionaire,
      unidade: `POS${process.pid % 1000}-${++serial}`,
      enderecoId: `END${serial}`,
      uf: 'SP',
      tipoDePagamento: options.pagamento === undefined ? 1 : options.pagamento,
      classeTarifaria: 1,
      tensaoFornecimento: 1,
      mercado: 1,
      centroCusto: 'CC1',
      contaContabil: 'CT1',
      dataLigacao: '2026-01-10',
    })
    .returning({ id: solicitacoes.id, version: solicitacoes.version });
  if (options.days) {
    await t.app.db
      .update(solicitacoes)
      .set({ posEtapaDesde: new Date(Date.now() - options.days * 24 * 60 * 60 * 1000) })
      .where(eq(solicitacoes.id, row!.id));
  }
  return row!;
}

const list = (who: string, body: object) => call(t.app, tokens[who]!, '/api/pos-aprovacao/list', body);
const read = (who: string, id: number) => call(t.app, tokens[who]!, '/api/pos-aprovacao/registro', { id });
const validate = (who: string, body: object) => call(t.app, tokens[who]!, '/api/pos-aprovacao/validar', body);
const followUp = (who: string, body: object) =>
  call(t.app, tokens[who]!, '/api/pos-aprovacao/acompanhar', body);
const stored = async (id: number) =>
  (await t.app.db.select().from(solicitacoes).where(eq(solicitacoes.id, id)))[0]!;
const validationsCount = async (id: number) =>
  (await t.app.db.select().from(validacoesUc).where(eq(validacoesUc.idSolicitacao, id))).length;
const ids = (res: { json(): { dados: { id: number }[] } }) => res.json().dados.map((r) => r.id);

/** Não Aprovado carries a reason (issue 34 step 3): the first seeded one, loaded with the app. */
let refusalReasonId = 0;
const withReason = (extra: object): object =>
  (extra as { status?: number }).status === 2 && !('motivo_recusa_id' in extra)
    ? { motivo_recusa_id: refusalReasonId, ...extra }
    : extra;

const preValidation = (u: { id: number; version: number }, extra: object = {}) => ({
  id: u.id,
  version: u.version,
  tipo: 1,
  responsavel: 'Marina Souza',
  cargo: 'Analista de Infraestrutura',
  identificacao_tim: 'TIM-SP-0001',
  elemento_de_rede: 'ERB',
  tipologia: 'Greenfield',
  data_validacao: '2026-11-20',
  status: 1,
  ...withReason(extra),
});
const finalValidation = (u: { id: number; version: number }, extra: object = {}) => ({
  id: u.id,
  version: u.version,
  tipo: 2,
  responsavel: 'Marina Souza',
  cargo: 'Analista Financeira',
  status: 1,
  ...withReason(extra),
});

describe('which units wait after approval', () => {
  it('an energy new unit the provider moves to 8 waits for its pre-validation from that moment', async () => {
    const u = await unit({ status: 7 });
    const moved = await call(t.app, tokens.amee!, '/api/novas-unidades/edit', {
      id: u.id,
      version: u.version,
      status: 8,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const res = await list('amee', { lista: 'pre-validacao', q: `POS${process.pid % 1000}-${serial}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().dados).toEqual([
      expect.objectContaining({ id: u.id, etapa: 1, dias: 0, atrasada: false }),
    ]);
  });

  it('water units and ownership changes at 8 have no post-approval stage', async () => {
    const water = await unit({ fluxo: 'agua' });
    const change = await unit({ tipo: 'troca' });
    expect((await stored(water.id)).posEtapa).toBeNull();
    expect((await stored(change.id)).posEtapa).toBeNull();
    expect((await read('amee', water.id)).statusCode).toBe(404);
  });
});

describe('who works the post-approval screens (menu rule, server-enforced)', () => {
  it('the provider and administrators list them; the cell, regional reviewers, requesters and the tower get 403', async () => {
    for (const who of ['amee', 'admin', 'consulta'])
      expect((await list(who, { lista: 'pre-validacao' })).statusCode).toBe(200);
    for (const who of ['celula', 'regional', 'solicitante', 'tower']) {
      for (const path of ['list', 'registro', 'validar', 'acompanhar']) {
        const res = await call(t.app, tokens[who]!, `/api/pos-aprovacao/${path}`, {
          id: 1,
          lista: 'pre-validacao',
        });
        expect(res.statusCode, `${who} ${path}`).toBe(403);
      }
    }
  });

  it('Consulta (profile 3) reads the lists and records but saves nothing', async () => {
    const u = await unit();
    expect((await read('consulta', u.id)).statusCode).toBe(200);
    const res = await validate('consulta', preValidation(u));
    expect(res.statusCode).toBe(403);
    expect(await validationsCount(u.id)).toBe(0);
  });

  it("a request outside these stages' form, or none at all, is 404 on read and on save (absent and unreachable look alike)", async () => {
    const change = await unit({ tipo: 'troca' });
    for (const id of [change.id, 999_999]) {
      expect((await read('amee', id)).statusCode).toBe(404);
      expect((await validate('amee', preValidation({ id, version: 1 }))).statusCode).toBe(404);
    }
    expect(await validationsCount(change.id)).toBe(0);
  });
});

describe('pre-validation (tipo 1)', () => {
  it('Não Aprovado tells the requester of the return to 14, with the reason', async () => {
    const u = await unit();
    const res = await validate('amee', preValidation(u, { status: 2, observacao: 'Site inexistente.' }));
    expect(res.statusCode, res.body).toBe(200);
    const notices = await t.app.db.select().from(notificacoes).where(eq(notificacoes.idSolicitacao, u.id));
    expect(notices.map((n) => n.idUsuario)).toEqual([requester.id]);
    expect(notices[0]!.titulo).toBe(`Solicitação nº ${u.id}: Recusada Xerox/AME`);
    expect(notices[0]!.mensagem).toContain('Site inexistente.');
  });

  it('Aprovado records the validation, an observation entry and an audit row, and moves the unit to the final validation', async () => {
    const u = await unit();
    const res = await validate('amee', preValidation(u, { observacao: 'Site conferido.' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ error: 0, etapa: 2, status: 8, version: u.version + 1 });
    const record = (await read('amee', u.id)).json().dados;
    expect(record).toMatchObject({ etapa: 2, dias: 0 });
    expect(record.validacoes[0]).toMatchObject({
      tipo: 1,
      status: 1,
      responsavel: 'Marina Souza',
      tipologia: 'Greenfield',
      nome: 'Alberto Operador AME',
    });
    const [obs] = await t.app.db
      .select()
      .from(historicoObservacoes)
      .where(eq(historicoObservacoes.idSolicitacao, u.id));
    expect(obs!.obs).toBe('Pré-Validação: Aprovado. Site conferido.');
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.acao, 'pre-validar'), eq(auditLog.entidadeId, String(u.id))));
    expect(audit).toMatchObject({
      antes: { status: 8, pos_etapa: 1 },
      depois: expect.objectContaining({ pos_etapa: 2, resultado: 1, tipologia: 'Greenfield' }),
    });
    expect(ids(await list('amee', { lista: 'validacao-final', per_page: 50 }))).toContain(u.id);
    expect(ids(await list('amee', { lista: 'pre-validacao', per_page: 50 }))).not.toContain(u.id);
  });

  it('Não Aprovado requires the observation: refused naming it, nothing written', async () => {
    const u = await unit();
    const res = await validate('amee', preValidation(u, { status: 2, observacao: '   ' }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      error: 1,
      msg: OBSERVATION_REQUIRED_WHEN_REFUSED,
      campo: 'observacao',
    });
    expect(await validationsCount(u.id)).toBe(0);
    expect((await stored(u.id)).version).toBe(u.version);
  });

  it('Não Aprovado sends the request back to 14 for the cell; re-approved and re-inserted, it waits for its pre-validation again', async () => {
    const u = await unit();
    const res = await validate(
      'amee',
      preValidation(u, { status: 2, observacao: 'Endereço ID não confere com o site.' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 14, etapa: null });
    const history = await t.app.db
      .select()
      .from(historicoStatus)
      .where(eq(historicoStatus.idSolicitacao, u.id));
    expect(history.map((h) => h.status)).toEqual([14]);
    expect(ids(await list('amee', { lista: 'pre-validacao', filtro: 'todas', per_page: 50 }))).not.toContain(
      u.id,
    );

    const again = await call(t.app, tokens.celula!, '/api/novas-unidades/edit', {
      id: u.id,
      version: u.version + 1,
      status: 7,
    });
    expect(again.statusCode, again.body).toBe(200);
    const inserted = await call(t.app, tokens.amee!, '/api/novas-unidades/edit', {
      id: u.id,
      version: u.version + 2,
      status: 8,
    });
    expect(inserted.statusCode, inserted.body).toBe(200);
    expect((await stored(u.id)).posEtapa).toBe(1);
    const record = (await read('amee', u.id)).json().dados;
    expect(record.validacoes).toHaveLength(1); // the refused round stays on record
  });

  it('a tipo other than 1 or 2 is refused naming the field, nothing written', async () => {
    const u = await unit();
    for (const tipo of [0, 3, '1', 'pre', null]) {
      const res = await validate('amee', preValidation(u, { tipo }));
      expect(res.statusCode, String(tipo)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().msg).toContain('Tipo');
    }
    expect(await validationsCount(u.id)).toBe(0);
  });

  it('a validation date in the future is refused', async () => {
    const u = await unit();
    const res = await validate('amee', preValidation(u, { data_validacao: '2099-01-01' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().msg).toBe('O campo Data da Validação não pode ser uma data futura.');
  });

  it('required fields and maxima are named', async () => {
    const u = await unit();
    const missing = await validate('amee', preValidation(u, { responsavel: '' }));
    expect(missing.json().msg).toBe('O campo Responsável é obrigatório.');
    const long = await validate('amee', preValidation(u, { tipologia: 'x'.repeat(41) }));
    expect(long.json().msg).toBe('O campo Tipologia pode ter no máximo 40 caracteres.');
    const nul = await validate('amee', preValidation(u, { cargo: 'A\u0000B' }));
    expect(nul.statusCode).toBe(422);
    expect(await validationsCount(u.id)).toBe(0);
  });

  it('a stale version is refused with 409, nothing written', async () => {
    const u = await unit();
    const res = await validate('amee', preValidation({ id: u.id, version: u.version + 5 }));
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(STALE_VERSION);
    expect(await validationsCount(u.id)).toBe(0);
  });

  it('a unit not waiting for this stage is refused: final validation of a unit still at pre-validation, any validation of a unit at 7', async () => {
    const waiting = await unit();
    const res = await validate('amee', finalValidation(waiting));
    expect(res.statusCode).toBe(422);
    expect(res.json().msg).toBe(
      "Esta unidade não está 'Aguardando Validação Final': está em 'Aguardando Pré-Validação'.",
    );
    const approved = await unit({ status: 7 });
    expect((await validate('amee', preValidation(approved))).statusCode).toBe(422);
    expect((await validationsCount(waiting.id)) + (await validationsCount(approved.id))).toBe(0);
  });

  it('forged fields (a stage, a status, another request) are ignored: only the rule moves the unit', async () => {
    const u = await unit();
    const res = await validate('amee', {
      ...preValidation(u),
      pos_etapa: 4,
      etapa: 4,
      id_solicitacao: 1,
      fluxo: 'agua',
    });
    expect(res.statusCode).toBe(200);
    expect((await stored(u.id)).posEtapa).toBe(2);
  });

  it('out-of-range and foreign ids are 4xx, never 500', async () => {
    for (const id of [0, -1, 2 ** 31, 'abc', 1.5]) {
      const res = await read('amee', id as number);
      expect(res.statusCode, String(id)).toBe(400);
    }
    const water = await unit({ fluxo: 'agua' });
    expect((await validate('amee', preValidation(water))).statusCode).toBe(404);
  });
});

describe('final validation (tipo 2)', () => {
  async function atFinal(pagamento: number | null) {
    const u = await unit({ pagamento });
    const res = await validate('amee', preValidation(u));
    return { id: u.id, version: res.json().version as number };
  }

  it('Aprovado moves the unit to the first-invoice follow-up', async () => {
    const u = await atFinal(1);
    const res = await validate('amee', finalValidation(u));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().etapa).toBe(3);
  });

  it('automatic debit (DA, DA-AGRUPADO) requires the Chave de Débito', async () => {
    for (const pagamento of [2, 4]) {
      const u = await atFinal(pagamento);
      const refused = await validate('amee', finalValidation(u));
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ msg: DEBIT_KEY_REQUIRED, campo: 'chave_debito' });
      const ok = await validate('amee', finalValidation(u, { chave_debito: '0001-1234567' }));
      expect(ok.statusCode, ok.body).toBe(200);
    }
  });

  it('a unit without payment type cannot be approved, only sent back', async () => {
    const u = await atFinal(null);
    const refused = await validate('amee', finalValidation(u));
    expect(refused.json().msg).toBe(NO_PAYMENT_TYPE);
    const back = await validate(
      'amee',
      finalValidation(u, { status: 2, observacao: 'Falta o tipo de pagamento.' }),
    );
    expect(back.json()).toMatchObject({ status: 14, etapa: null });
  });
});

describe('first-invoice follow-up', () => {
  async function atFollowUp(days = 0) {
    const u = await unit();
    const pre = await validate('amee', preValidation(u));
    const fin = await validate('amee', finalValidation({ id: u.id, version: pre.json().version }));
    if (days) {
      await t.app.db
        .update(solicitacoes)
        .set({ posEtapaDesde: new Date(Date.now() - days * 24 * 60 * 60 * 1000) })
        .where(eq(solicitacoes.id, u.id));
    }
    return { id: u.id, version: fin.json().version as number };
  }
  const today = () => todayInBrasilia(new Date());

  it('waiting keeps the unit in follow-up with its dates; Ativa ends its stages', async () => {
    const u = await atFollowUp();
    const waiting = await followUp('amee', {
      id: u.id,
      version: u.version,
      situacao: 1,
      data_primeira_fatura: today(),
    });
    expect(waiting.json()).toMatchObject({ etapa: 3 });
    const active = await followUp('amee', {
      id: u.id,
      version: waiting.json().version,
      situacao: 2,
      data_primeira_fatura: today(),
      data_recebimento_fatura: today(),
      observacao: 'Primeira fatura recebida.',
    });
    expect(active.statusCode, active.body).toBe(200);
    expect(active.json()).toMatchObject({ etapa: 4, status: 8 });
    const row = await stored(u.id);
    expect(row).toMatchObject({ posEtapa: 4, dataPrimeiraFatura: today(), dataRecebimentoFatura: today() });
    expect(ids(await list('amee', { lista: 'acompanhamento', filtro: 'ativas', per_page: 50 }))).toContain(
      u.id,
    );
    // 'Ativa' is the end: nothing more to record.
    expect(
      (
        await followUp('amee', {
          id: u.id,
          version: active.json().version,
          situacao: 2,
          data_primeira_fatura: today(),
        })
      ).statusCode,
    ).toBe(422);
  });

  it('a first-invoice date in the future is refused, nothing written', async () => {
    const u = await atFollowUp();
    const res = await followUp('amee', {
      id: u.id,
      version: u.version,
      situacao: 1,
      data_primeira_fatura: '2099-12-31',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      msg: 'O campo Data de Emissão da 1ª Fatura não pode ser uma data futura.',
      campo: 'data_primeira_fatura',
    });
    expect((await stored(u.id)).version).toBe(u.version);
  });

  it('received before issued is refused; Ativa without the first invoice is refused', async () => {
    const u = await atFollowUp();
    const before = await followUp('amee', {
      id: u.id,
      version: u.version,
      situacao: 1,
      data_primeira_fatura: '2026-10-10',
      data_recebimento_fatura: '2026-10-01',
    });
    expect(before.json().msg).toBe(RECEIVED_BEFORE_ISSUED);
    const active = await followUp('amee', { id: u.id, version: u.version, situacao: 2 });
    expect(active.json().msg).toBe(ACTIVE_NEEDS_INVOICE);
  });

  it('the list shows the days each unit has waited and flags those past the configured deadline', async () => {
    const late = await atFollowUp(DEADLINE_DAYS + 1);
    const fresh = await atFollowUp(3);
    const res = await list('amee', { lista: 'acompanhamento', per_page: 50 });
    expect(res.json().prazo_dias).toBe(DEADLINE_DAYS);
    const rows = res.json().dados as { id: number; dias: number; atrasada: boolean }[];
    expect(rows.find((r) => r.id === late.id)).toMatchObject({ dias: DEADLINE_DAYS + 1, atrasada: true });
    expect(rows.find((r) => r.id === fresh.id)).toMatchObject({ dias: 3, atrasada: false });
    // The longest waiting come first.
    expect(rows.findIndex((r) => r.id === late.id)).toBeLessThan(rows.findIndex((r) => r.id === fresh.id));
  });
});

describe("the lists' filters, search and paging", () => {
  it('Aguardando, Última Semana, Ativas and Todas', async () => {
    const recent = await unit({ days: 2 });
    const old = await unit({ days: 10 });
    const pre = (filtro: string) => list('amee', { lista: 'pre-validacao', filtro, per_page: 50 }).then(ids);
    expect(await pre('aguardando')).toEqual(expect.arrayContaining([recent.id, old.id]));
    expect(await pre('ultima-semana')).toContain(recent.id);
    expect(await pre('ultima-semana')).not.toContain(old.id);
    expect(await pre('ativas')).not.toContain(recent.id);
    expect(await pre('todas')).toEqual(expect.arrayContaining([recent.id, old.id]));
  });

  it('search by unit or Endereço ID prefix; total and pages agree', async () => {
    const u = await unit();
    const [row] = await t.app.db
      .select({ unidade: solicitacoes.unidade, end: solicitacoes.enderecoId })
      .from(solicitacoes)
      .where(eq(solicitacoes.id, u.id));
    expect(ids(await list('amee', { lista: 'pre-validacao', q: row!.unidade!.toLowerCase() }))).toEqual([
      u.id,
    ]);
    expect(ids(await list('amee', { lista: 'pre-validacao', q: row!.end! }))).toEqual([u.id]);
    const all = (await list('amee', { lista: 'pre-validacao', per_page: 5 })).json();
    const [waiting] = await t.app.db
      .select({ n: count() })
      .from(solicitacoes)
      .where(eq(solicitacoes.posEtapa, 1));
    expect(all.total).toBe(waiting!.n);
    const second = (await list('amee', { lista: 'pre-validacao', per_page: 5, page: 2 })).json();
    expect(second.dados.map((r: { id: number }) => r.id)).not.toContain(all.dados[0].id);
  });

  it('bad list input is named: an unknown list or filter, a page size not offered', async () => {
    expect((await list('amee', { lista: 'outra' })).json().msg).toContain('Lista');
    expect((await list('amee', { lista: 'pre-validacao', filtro: 'ontem' })).json().msg).toContain('Filtro');
    expect((await list('amee', { lista: 'pre-validacao', per_page: 7 })).statusCode).toBe(422);
  });
});
