import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BULK_MOVE_LIMIT,
  BULK_MOVE_OVER_LIMIT,
  REASON_REQUIRED,
  REASON_UNKNOWN,
  STALE_VERSION,
} from '@portal/domain';
import {
  auditLog,
  concessionarias,
  historicoObservacoes,
  historicoStatus,
  notificacoes,
  solicitacoes,
  usuarios,
} from '../../src/db/schema.ts';
import { bearer, createTestApp, login, type TestApp } from '../support/test-app.ts';
import { call } from '../support/requests.ts';
import { reasonFor } from '../support/refusal-reasons.ts';

/**
 * Issue 34 step 4, "act on many": one move on many rows of a list, each row through the same save
 * gate as a single save, in its own transaction, with its own history, notices and audit row; the
 * answer says per row what happened. Written as a hostile client would try it.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
let concessionaire: number;
let requester: { id: number; empresa: number | null };

const URL = '/api/novas-unidades/mover-em-lote';
const TSP = 7;
const TRJ = 5;
const TARIFF = {
  tipoDePagamento: 1,
  classeTarifaria: 1,
  tensaoFornecimento: 1,
  mercado: 1,
  centroCusto: 'CC01',
  contaContabil: 'CT01',
  dataLigacao: '2026-01-10',
};

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'celula', 'amee', 'regional', 'solicitante', 'consulta'])
    tokens[who] = await login(t.app, `${who}@demo.portal`);
  const [enel] = await t.app.db
    .select({ id: concessionarias.id })
    .from(concessionarias)
    .where(eq(concessionarias.fluxo, 'energia'))
    .limit(1);
  concessionaire = enel!.id;
  const [who] = await t.app.db
    .select({ id: usuarios.id, empresa: usuarios.idEmpresa })
    .from(usuarios)
    .where(eq(usuarios.email, 'solicitante@demo.portal'));
  requester = who!;
});
afterAll(() => t.close());

let serial = 0;
const prefix = `LOTE${process.pid % 1000}`;
/** A request of the energy new-unit form at `status`, with its address ids (and, asked, the cell's tariff data). */
async function unit(status: number, options: { regional?: number; tariff?: boolean; tag?: string } = {}) {
  const unidade = `${prefix}${options.tag ?? 'U'}${++serial}`;
  const [row] = await t.app.db
    .insert(solicitacoes)
    .values({
      fluxo: 'energia',
      tipo: 'nova',
      status,
      idUsuario: requester.id,
      idEmpresa: requester.empresa,
      regional: options.regional ?? TSP,
      idConcessionaria: concessionaire,
      unidade,
      uf: 'SP',
      enderecoId: `END${serial}`,
      siteId: `SIT${serial}`,
      ...(options.tariff ? TARIFF : {}),
    })
    .returning({ id: solicitacoes.id, version: solicitacoes.version });
  return { id: row!.id, version: row!.version, unidade };
}

const move = (who: string, body: unknown) => call(t.app, tokens[who]!, URL, body);
const chosen = (...rows: { id: number; version: number }[]) =>
  rows.map(({ id, version }) => ({ id, version }));
const statusOf = async (id: number) =>
  (await t.app.db.select({ s: solicitacoes.status }).from(solicitacoes).where(eq(solicitacoes.id, id)))[0]!.s;

describe('POST {form}/mover-em-lote', () => {
  it('the provider inserts many units in the base at once: each moves 7 → 8 with its history, notice and audit row, as a single save', async () => {
    const rows = [await unit(7), await unit(7), await unit(7)];
    const res = await move('amee', { status: 8, solicitacoes: chosen(...rows) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      error: 0,
      msg: '3 solicitações movidas para "Inserida na Base Xerox/AME".',
      resultados: rows.map((r) => ({
        id: r.id,
        unidade: r.unidade,
        resultado: 'movida',
        msg: 'Movida para "Inserida na Base Xerox/AME".',
      })),
    });
    const ids = rows.map((r) => r.id);
    for (const id of ids) expect(await statusOf(id)).toBe(8);
    const history = await t.app.db
      .select({ id: historicoStatus.idSolicitacao, status: historicoStatus.status })
      .from(historicoStatus)
      .where(inArray(historicoStatus.idSolicitacao, ids));
    expect(history.sort((a, b) => a.id - b.id)).toEqual(ids.map((id) => ({ id, status: 8 })));
    const audit = await t.app.db
      .select({ acao: auditLog.acao, id: auditLog.entidadeId, depois: auditLog.depois })
      .from(auditLog)
      .where(
        and(eq(auditLog.entidade, 'solicitacao.energia.nova'), inArray(auditLog.entidadeId, ids.map(String))),
      );
    expect(audit.map((a) => [a.acao, Number(a.id), (a.depois as { status: number }).status]).sort()).toEqual(
      ids.map((id) => ['editar-solicitacao', id, 8]).sort(),
    );
    const notices = await t.app.db
      .select({ id: notificacoes.idSolicitacao, to: notificacoes.idUsuario })
      .from(notificacoes)
      .where(inArray(notificacoes.idSolicitacao, ids));
    expect(notices.sort((a, b) => a.id! - b.id!)).toEqual(ids.map((id) => ({ id, to: requester.id })));
  });

  it('a row the gate refuses stays as it was, with the gate’s reason, while the others move', async () => {
    const ready = await unit(4, { tariff: true });
    const noTariff = await unit(4);
    const elsewhere = await unit(8);
    const res = await move('celula', { status: 7, solicitacoes: chosen(ready, noTariff, elsewhere) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().resultados).toEqual([
      { id: ready.id, unidade: ready.unidade, resultado: 'movida', msg: 'Movida para "Aprovada".' },
      {
        id: noTariff.id,
        unidade: noTariff.unidade,
        resultado: 'recusada',
        msg: 'O campo Tipo de Pagamento é obrigatório.',
      },
      {
        id: elsewhere.id,
        unidade: elsewhere.unidade,
        resultado: 'recusada',
        msg: 'Seu grupo não pode alterar esta solicitação no status "Inserida na Base Xerox/AME".',
      },
    ]);
    expect(res.json().msg).toBe(
      '1 solicitação movida para "Aprovada". 2 recusadas. Veja o motivo em cada linha.',
    );
    expect([await statusOf(ready.id), await statusOf(noTariff.id), await statusOf(elsewhere.id)]).toEqual([
      7, 4, 8,
    ]);
    // Nothing half-written for a refused row: no history, no notice, no audit.
    for (const table of [historicoStatus, historicoObservacoes, notificacoes] as const) {
      const rows = await t.app.db.select().from(table).where(eq(table.idSolicitacao, noTariff.id));
      expect(rows).toEqual([]);
    }
    expect(
      await t.app.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entidadeId, String(noTariff.id))),
    ).toEqual([]);
  });

  it('the cell refuses many with one reason and one observation: each row gets them in its history and in the notice to the requester', async () => {
    const rows = [await unit(4), await unit(2)];
    const observacao = 'Documentação da unidade incompleta.';
    const reason = await reasonFor(t.app, 'solicitacao.6');
    const res = await move('celula', {
      status: 6,
      campos: { observacao, ...reason },
      solicitacoes: chosen(...rows),
    });
    expect(res.json().resultados.map((r: { resultado: string }) => r.resultado)).toEqual([
      'movida',
      'movida',
    ]);
    for (const { id } of rows) {
      expect(await statusOf(id)).toBe(6);
      const obs = await t.app.db
        .select({ obs: historicoObservacoes.obs })
        .from(historicoObservacoes)
        .where(eq(historicoObservacoes.idSolicitacao, id));
      expect(obs).toEqual([{ obs: observacao }]);
      const [notice] = await t.app.db.select().from(notificacoes).where(eq(notificacoes.idSolicitacao, id));
      expect(notice!.mensagem).toContain(`Observação: ${observacao}`);
      expect(notice!.mensagem).toContain('Motivo: ');
      const [history] = await t.app.db
        .select({ motivo: historicoStatus.idMotivoRecusa })
        .from(historicoStatus)
        .where(and(eq(historicoStatus.idSolicitacao, id), eq(historicoStatus.status, 6)));
      expect(history).toEqual({ motivo: reason.motivo_recusa_id });
    }
  });

  it('a bulk refusal without its reason, or with a reason of another move, moves no row: each says why', async () => {
    const rows = [await unit(4), await unit(2)];
    const withoutReason = await move('celula', { status: 6, solicitacoes: chosen(...rows) });
    expect(withoutReason.json().resultados.map((r: { msg: string }) => r.msg)).toEqual([
      REASON_REQUIRED,
      REASON_REQUIRED,
    ]);
    const regionalsReason = await reasonFor(t.app, 'solicitacao.3');
    const foreign = await move('celula', {
      status: 6,
      campos: regionalsReason,
      solicitacoes: chosen(...rows),
    });
    expect(foreign.json().resultados.map((r: { msg: string }) => r.msg)).toEqual([
      REASON_UNKNOWN,
      REASON_UNKNOWN,
    ]);
    for (const { id } of rows) expect(await statusOf(id)).not.toBe(6);
  });

  it('the regional approves many; refusing needs the observation the rules require, asked once (refused per row without it)', async () => {
    const a = await unit(0);
    const b = await unit(1);
    const approved = await move('regional', { status: 2, solicitacoes: chosen(a, b) });
    expect(approved.json().resultados.map((r: { resultado: string }) => r.resultado)).toEqual([
      'movida',
      'movida',
    ]);
    const c = await unit(0);
    const refused = await move('regional', { status: 3, solicitacoes: chosen(c) });
    expect(refused.json().resultados).toEqual([
      { id: c.id, unidade: c.unidade, resultado: 'recusada', msg: 'O campo Observação é obrigatório.' },
    ]);
    expect(await statusOf(c.id)).toBe(0);
  });

  it('another scope’s ids, forged and deleted ids read as not found, telling nothing of them; the rest moves', async () => {
    const mine = await unit(0);
    const rio = await unit(0, { regional: TRJ });
    const res = await move('regional', {
      status: 2,
      solicitacoes: [...chosen(mine, rio), { id: 2_000_000_000, version: 1 }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().resultados).toEqual([
      { id: mine.id, unidade: mine.unidade, resultado: 'movida', msg: 'Movida para "Aprovada Regional".' },
      { id: rio.id, unidade: null, resultado: 'recusada', msg: 'Solicitação não encontrada.' },
      { id: 2_000_000_000, unidade: null, resultado: 'recusada', msg: 'Solicitação não encontrada.' },
    ]);
    expect(res.body).not.toContain(rio.unidade);
    expect(await statusOf(rio.id)).toBe(0);
  });

  it('a request of another form is not found in this one', async () => {
    const [water] = await t.app.db
      .insert(solicitacoes)
      .values({ fluxo: 'agua', tipo: 'nova', status: 7, idUsuario: requester.id, unidade: `${prefix}W` })
      .returning({ id: solicitacoes.id, version: solicitacoes.version });
    const res = await move('amee', { status: 8, solicitacoes: chosen(water!) });
    expect(res.json().resultados[0]).toMatchObject({ resultado: 'recusada', unidade: null });
    expect(await statusOf(water!.id)).toBe(7);
  });

  it('a row changed since it was chosen (another version) is not moved: "alterada", with the stale-version message', async () => {
    const fresh = await unit(7);
    const stale = await unit(7);
    await t.app.db
      .update(solicitacoes)
      .set({ version: stale.version + 1 })
      .where(eq(solicitacoes.id, stale.id));
    const res = await move('amee', { status: 8, solicitacoes: chosen(fresh, stale) });
    expect(res.json().resultados[1]).toEqual({
      id: stale.id,
      unidade: stale.unidade,
      resultado: 'alterada',
      msg: STALE_VERSION,
    });
    expect(res.json().msg).toBe(
      '1 solicitação movida para "Inserida na Base Xerox/AME". 1 alterada por outra pessoa enquanto isso. Veja o motivo em cada linha.',
    );
    expect([await statusOf(fresh.id), await statusOf(stale.id)]).toEqual([8, 7]);
  });

  it('a row already in the target status is refused, not saved again', async () => {
    const there = await unit(8);
    const res = await move('amee', { status: 8, solicitacoes: chosen(there) });
    expect(res.json().resultados[0]).toMatchObject({
      resultado: 'recusada',
      msg: 'A solicitação já está em "Inserida na Base Xerox/AME".',
    });
    expect(
      await t.app.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entidadeId, String(there.id))),
    ).toEqual([]);
  });

  it('a role that never takes the move, or may not write, is refused whole; nothing moves', async () => {
    const row = await unit(7);
    const cases: [string, number, number, string][] = [
      ['celula', 8, 403, 'Você não pode mover solicitações para "Inserida na Base Xerox/AME".'],
      ['regional', 7, 403, 'Você não pode mover solicitações para "Aprovada".'],
      ['solicitante', 8, 403, 'Você não pode mover solicitações para "Inserida na Base Xerox/AME".'],
    ];
    for (const [who, status, code, msg] of cases) {
      const res = await move(who, { status, solicitacoes: chosen(row) });
      expect(res.statusCode, who).toBe(code);
      expect(res.json().msg, who).toBe(msg);
    }
    const readOnly = await move('consulta', { status: 8, solicitacoes: chosen(row) });
    expect(readOnly.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: URL, payload: { status: 8 } });
    expect(anonymous.statusCode).toBe(401);
    expect(await statusOf(row.id)).toBe(7);
  });

  it('refuses forged statuses, duplicates, too many rows, wrong types and hidden fields in Portuguese, moving nothing', async () => {
    const row = await unit(7);
    const one = chosen(row);
    const cases: [unknown, number, string][] = [
      [{ status: 11, solicitacoes: one }, 422, 'O campo Status é inválido.'],
      [{ status: '8', solicitacoes: one }, 400, 'O campo Status é inválido.'],
      [{ solicitacoes: one }, 400, 'O campo Status é obrigatório.'],
      [{ status: 8, solicitacoes: [...one, ...one] }, 422, 'Uma solicitação aparece duas vezes.'],
      [
        {
          status: 8,
          solicitacoes: Array.from({ length: BULK_MOVE_LIMIT + 1 }, (_, i) => ({ id: i + 1, version: 1 })),
        },
        422,
        BULK_MOVE_OVER_LIMIT,
      ],
      [{ status: 8, solicitacoes: [] }, 400, 'Escolha as solicitações a mover.'],
      [{ status: 8, solicitacoes: `${row.id}` }, 400, 'Escolha as solicitações a mover.'],
      [{ status: 8, solicitacoes: [{ id: row.id }] }, 400, 'O campo Versão é obrigatório.'],
      [{ status: 8, solicitacoes: [{ id: '__proto__', version: 1 }] }, 400, 'O campo ID é inválido.'],
      [{ status: 8 }, 422, 'Envie as solicitações escolhidas ou o filtro, um dos dois.'],
      [
        { status: 8, solicitacoes: one, filtro: {} },
        422,
        'Envie as solicitações escolhidas ou o filtro, um dos dois.',
      ],
      [{ status: 8, solicitacoes: one, campos: { observacao: 'x'.repeat(100_000) } }, 400, ''],
    ];
    for (const [body, code, msg] of cases) {
      const res = await move('amee', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(code);
      if (msg) expect(res.json().msg).toBe(msg);
    }
    // A unit's own data is never part of a bulk move: a field outside the move's is refused, naming it.
    const hidden = await move('amee', { status: 8, solicitacoes: one, campos: { unidade: 'OUTRA' } });
    expect(hidden.statusCode).toBe(422);
    expect(hidden.json().msg).toBe(
      'O campo unidade não vale para um lote: cada solicitação mantém seus dados.',
    );
    expect(await statusOf(row.id)).toBe(7);
  });

  it('"all rows of this filter" is resolved by the server with the list’s filters and scope, with the versions it reads', async () => {
    const tag = `F${serial}X`;
    const mine = [await unit(0, { tag }), await unit(0, { tag })];
    const rio = await unit(0, { tag, regional: TRJ });
    const other = await unit(1, { tag });
    const res = await move('regional', { status: 2, filtro: { status: [0], q: `${prefix}${tag}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().resultados.map((r: { id: number }) => r.id)).toEqual(mine.map((r) => r.id));
    for (const r of mine) expect(await statusOf(r.id)).toBe(2);
    expect([await statusOf(rio.id), await statusOf(other.id)]).toEqual([0, 1]);
  });

  it('a filter key the list does not have is refused (400) by name, never dropped into a move of the whole form', async () => {
    const row = await unit(7);
    for (const key of ['empresa', 'id', 'page', 'unidade']) {
      const res = await move('amee', { status: 8, filtro: { [key]: row.id } });
      expect(res.statusCode, key).toBe(400);
      expect(res.json()).toMatchObject({ error: 1, msg: `Filtro desconhecido: ${key}.`, campo: 'filtro' });
    }
    expect(await statusOf(row.id)).toBe(7);
  });

  it('a filter over the limit is refused whole, saying the limit; nothing moves', async () => {
    const tag = 'BIG';
    const values = Array.from({ length: BULK_MOVE_LIMIT + 1 }, (_, i) => ({
      fluxo: 'energia' as const,
      tipo: 'nova' as const,
      status: 7,
      idUsuario: requester.id,
      regional: TSP,
      unidade: `${prefix}${tag}${i}`,
    }));
    await t.app.db.insert(solicitacoes).values(values);
    const res = await move('amee', { status: 8, filtro: { q: `${prefix}${tag}` } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ msg: BULK_MOVE_OVER_LIMIT, campo: 'filtro' });
    const moved = await t.app.db
      .select({ id: solicitacoes.id })
      .from(solicitacoes)
      .where(
        and(
          eq(solicitacoes.status, 8),
          inArray(
            solicitacoes.unidade,
            values.map((v) => v.unidade),
          ),
        ),
      );
    expect(moved).toEqual([]);
  });

  it('the bulk call of every form is behind that form’s rule (a water form for whom the menu lacks it)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/agua/novas-unidades/mover-em-lote',
      headers: bearer(tokens.consulta!),
      payload: { status: 8, solicitacoes: [{ id: 1, version: 1 }] },
    });
    expect(res.statusCode).toBe(403);
  });
});
