import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cannotEditInStatus, STALE_VERSION } from '@portal/domain';
import { MAX_CONFIRMATIONS } from '@portal/domain/contracts/base-confirmation';
import {
  auditLog,
  baseProvedor,
  concessionarias,
  filaTarefas,
  historicoStatus,
  notificacoes,
  solicitacoes,
  usuarios,
} from '../../src/db/schema.ts';
import { NOT_APPROVED, notInBase } from '../../src/modules/confirmacao-base/confirm-requests.ts';
import { bearer, createTestApp, login, type TestApp } from '../support/test-app.ts';
import { call } from '../support/requests.ts';

/**
 * Issue 11 item 5: requests at 7 'Aprovada' whose unit the provider's base now holds are listed
 * for the provider operator, who confirms them to 8 one by one or in bulk (each with its history
 * and audit row); the ones the base lacks stay listed as exceptions with their age.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
let concessionaire: { id: number; nome: string };
let requester: number;

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'celula', 'amee', 'regional', 'solicitante', 'consulta'])
    tokens[who] = await login(t.app, `${who}@demo.portal`);
  [concessionaire] = (await t.app.db
    .select({ id: concessionarias.id, nome: concessionarias.nome })
    .from(concessionarias)
    .where(eq(concessionarias.fluxo, 'energia'))
    .limit(1)) as [{ id: number; nome: string }];
  const [who] = await t.app.db
    .select({ id: usuarios.id, empresa: usuarios.idEmpresa })
    .from(usuarios)
    .where(eq(usuarios.email, 'solicitante@demo.portal'));
  requester = who!.id;
});
afterAll(() => t.close());

let serial = 0;
/** A request approved `days` ago; `inBase` puts its unit in the provider's base. */
async function approved(options: {
  inBase: boolean;
  days?: number;
  status?: number;
  kind?: 'nova' | 'troca';
}) {
  const unidade = `CONF${process.pid % 1000}-${++serial}`;
  const [owner] = await t.app.db.select().from(usuarios).where(eq(usuarios.id, requester));
  const [row] = await t.app.db
    .insert(solicitacoes)
    .values({
      fluxo: 'energia',
      tipo: options.kind ?? 'nova',
      status: options.status ?? 7,
      idUsuario: requester,
      idEmpresa: owner!.idEmpresa,
      regional: owner!.idRegional,
      idConcessionaria: concessionaire.id,
      unidade,
      uf: 'SP',
    })
    .returning({ id: solicitacoes.id, version: solicitacoes.version });
  await t.app.db.insert(historicoStatus).values({
    idSolicitacao: row!.id,
    nome: 'Célula',
    status: options.status ?? 7,
    dataCadastro: new Date(Date.now() - (options.days ?? 0) * 24 * 60 * 60 * 1000),
  });
  if (options.inBase) {
    await t.app.db.insert(baseProvedor).values({
      fluxo: 'energia',
      uc: unidade.toLowerCase(), // the base is matched without case
      rzSocial: 'Operadora Telecom Brasil S.A.',
      concessionaria: concessionaire.nome,
      idConcessionaria: concessionaire.id,
    });
  }
  return { id: row!.id, version: row!.version, unidade };
}

const list = (who: string, body: object) => call(t.app, tokens[who]!, '/api/confirmacao-base/list', body);
const confirm = (who: string, items: { id: number; version: number }[], fluxo = 'energia') =>
  call(t.app, tokens[who]!, '/api/confirmacao-base/confirmar', { fluxo, solicitacoes: items });
const statusOf = async (id: number) =>
  (
    await t.app.db.select({ status: solicitacoes.status }).from(solicitacoes).where(eq(solicitacoes.id, id))
  )[0]!.status;

describe('/api/confirmacao-base/list', () => {
  it('lists for the provider operator the approved requests the base holds, and apart the exceptions with their age', async () => {
    const inBase = await approved({ inBase: true, days: 2 });
    const missing = await approved({ inBase: false, days: 9 });
    const notYet = await approved({ inBase: true, status: 6 });

    const ready = await list('amee', { fluxo: 'energia', situacao: 'na-base', per_page: 50, q: 'CONF' });
    expect(ready.statusCode, ready.body).toBe(200);
    const readyIds = ready.json().dados.map((r: { id: number }) => r.id);
    expect(readyIds).toContain(inBase.id);
    expect(readyIds).not.toContain(missing.id);
    expect(readyIds).not.toContain(notYet.id);
    expect(ready.json().dados.find((r: { id: number }) => r.id === inBase.id)).toMatchObject({
      tipo: 'nova',
      unidade: inBase.unidade,
      concessionaria: concessionaire.nome,
      dias: 2,
      version: inBase.version,
    });

    const exceptions = await list('amee', {
      fluxo: 'energia',
      situacao: 'fora-da-base',
      per_page: 50,
      q: 'CONF',
    });
    const row = exceptions.json().dados.find((r: { id: number }) => r.id === missing.id);
    expect(row).toMatchObject({ unidade: missing.unidade, dias: 9 });
    expect(exceptions.json().dados.map((r: { id: number }) => r.id)).not.toContain(inBase.id);
  });

  it('searches by the unit, and counts what it filters', async () => {
    const mine = await approved({ inBase: false, days: 1 });
    const res = await list('amee', { fluxo: 'energia', situacao: 'fora-da-base', q: mine.unidade });
    expect(res.json()).toMatchObject({ error: 0, total: 1, dados: [{ id: mine.id }] });
  });

  it('answers only to whom the menu shows "Confirmação na Base": the cell, the regional, the requester get 403', async () => {
    for (const who of ['celula', 'regional', 'solicitante']) {
      const res = await list(who, { fluxo: 'energia', situacao: 'na-base' });
      expect(res.statusCode, who).toBe(403);
    }
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/confirmacao-base/list', payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a flow or a situation it does not know, in Portuguese', async () => {
    const flow = await list('amee', { fluxo: 'gas', situacao: 'na-base' });
    expect(flow.statusCode).toBe(422);
    expect(flow.json().msg).toBe('O campo Fluxo deve ser energia ou agua.');
    const situation = await list('amee', { fluxo: 'energia', situacao: { $ne: 1 } });
    expect(situation.statusCode).toBe(422);
    expect(situation.json().msg).toBe('O campo Situação deve ser na-base ou fora-da-base.');
  });
});

describe('/api/confirmacao-base/confirmar', () => {
  it('confirming in the base tells the requester: a notice and an e-mail task, like any status change', async () => {
    const one = await approved({ inBase: true });
    const res = await confirm('amee', [one]);
    expect(res.statusCode, res.body).toBe(200);
    const notices = await t.app.db.select().from(notificacoes).where(eq(notificacoes.idSolicitacao, one.id));
    expect(notices.map((n) => [n.idUsuario, n.titulo])).toEqual([
      [requester, `Solicitação nº ${one.id}: Inserida na Base Xerox/AME`],
    ]);
    const tasks = await t.app.db.select().from(filaTarefas);
    expect(tasks.filter((task) => (task.dados as { numero: number }).numero === one.id)).toHaveLength(1);
  });

  it('moves each request the base holds from 7 to 8, with its own status history and audit row', async () => {
    const a = await approved({ inBase: true });
    const b = await approved({ inBase: true, kind: 'troca' });
    const res = await confirm(
      'amee',
      [a, b].map(({ id, version }) => ({ id, version })),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      error: 0,
      msg: '2 solicitações confirmadas como "Inserida na Base Xerox/AME".',
      confirmadas: [a.id, b.id],
      recusadas: [],
    });
    for (const { id } of [a, b]) {
      expect(await statusOf(id)).toBe(8);
      const history = await t.app.db
        .select({ status: historicoStatus.status, nome: historicoStatus.nome })
        .from(historicoStatus)
        .where(eq(historicoStatus.idSolicitacao, id));
      expect(history.at(-1)).toEqual({ status: 8, nome: 'Alberto Operador AME' });
      const audit = await t.app.db
        .select({ acao: auditLog.acao })
        .from(auditLog)
        .where(and(eq(auditLog.acao, 'confirmar-na-base'), eq(auditLog.entidadeId, String(id))));
      expect(audit).toHaveLength(1);
    }
  });

  it('confirms what it can and names, per request, why the others stay: not in the base, stale, not approved', async () => {
    const good = await approved({ inBase: true });
    const missing = await approved({ inBase: false });
    const stale = await approved({ inBase: true });
    const other = await approved({ inBase: true, status: 6 });
    const res = await confirm('amee', [
      { id: good.id, version: good.version },
      { id: missing.id, version: missing.version },
      { id: stale.id, version: stale.version + 1 },
      { id: other.id, version: other.version },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      error: 0,
      msg: '1 solicitação confirmada como "Inserida na Base Xerox/AME". 3 não puderam ser confirmadas: veja o motivo em cada linha.',
      confirmadas: [good.id],
      recusadas: [
        { id: missing.id, msg: notInBase(missing.unidade) },
        { id: stale.id, msg: STALE_VERSION },
        { id: other.id, msg: NOT_APPROVED },
      ],
    });
    expect(await statusOf(missing.id)).toBe(7);
    expect(await statusOf(stale.id)).toBe(7);
    expect(await statusOf(other.id)).toBe(6);
  });

  it('a second confirmation of the same request finds it no longer approved: one history entry, one audit row', async () => {
    const once = await approved({ inBase: true });
    const [first, second] = await Promise.all([
      confirm('amee', [{ id: once.id, version: once.version }]),
      confirm('amee', [{ id: once.id, version: once.version }]),
    ]);
    const confirmed = [first!, second!].flatMap((r) => r.json().confirmadas);
    expect(confirmed).toEqual([once.id]);
    const eights = await t.app.db
      .select()
      .from(historicoStatus)
      .where(and(eq(historicoStatus.idSolicitacao, once.id), eq(historicoStatus.status, 8)));
    expect(eights).toHaveLength(1);
  });

  it('refuses the read-only profile and every group the menu does not show, before reading the body; nothing moves', async () => {
    const target = await approved({ inBase: true });
    for (const who of ['consulta', 'celula', 'regional', 'solicitante']) {
      const res = await confirm(who, [{ id: target.id, version: target.version }]);
      expect(res.statusCode, who).toBe(403);
    }
    expect(await statusOf(target.id)).toBe(7);
  });

  it('the administrator sees the lists, but 7 → 8 is the provider’s step (the shared policy): refused per request', async () => {
    const target = await approved({ inBase: true });
    const seen = await list('admin', { fluxo: 'energia', situacao: 'na-base', q: target.unidade });
    expect(seen.json().dados.map((r: { id: number }) => r.id)).toEqual([target.id]);
    const res = await confirm('admin', [{ id: target.id, version: target.version }]);
    expect(res.json().recusadas).toEqual([{ id: target.id, msg: cannotEditInStatus('Aprovada') }]);
    expect(await statusOf(target.id)).toBe(7);
  });

  it('refuses a request of the other flow as not approved (the flow is the one the screen shows)', async () => {
    const energy = await approved({ inBase: true });
    const res = await confirm('amee', [{ id: energy.id, version: energy.version }], 'agua');
    expect(res.json().recusadas).toEqual([{ id: energy.id, msg: NOT_APPROVED }]);
    expect(await statusOf(energy.id)).toBe(7);
  });

  it('refuses an empty, repeated, oversized or malformed list in Portuguese, writing nothing', async () => {
    const one = await approved({ inBase: true });
    const cases: [unknown, string][] = [
      [[], 'Escolha as solicitações a confirmar.'],
      ['1,2', 'Escolha as solicitações a confirmar.'],
      [[one, one].map(({ id, version }) => ({ id, version })), 'Uma solicitação aparece duas vezes.'],
      [
        Array.from({ length: MAX_CONFIRMATIONS + 1 }, (_, i) => ({ id: i + 1, version: 1 })),
        `Confirme no máximo ${MAX_CONFIRMATIONS} solicitações por vez.`,
      ],
      [[{ id: one.id }], 'O campo Versão é obrigatório.'],
      [[{ id: '__proto__', version: 1 }], 'O campo ID é inválido.'],
    ];
    for (const [solicitacoes, msg] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/confirmacao-base/confirmar',
        headers: bearer(tokens.amee!),
        payload: { fluxo: 'energia', solicitacoes },
      });
      expect(res.statusCode, JSON.stringify(solicitacoes).slice(0, 60)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().msg).toBe(msg);
    }
    expect(await statusOf(one.id)).toBe(7);
  });
});
