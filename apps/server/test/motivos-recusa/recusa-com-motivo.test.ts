import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REASON_NOT_APPLICABLE, REASON_REQUIRED, REASON_TEXT_MAX, REASON_UNKNOWN } from '@portal/domain';
import {
  auditLog,
  baseProvedor,
  historicoStatus,
  motivosRecusa,
  notificacoes,
  regularizacaoStatus,
  solicitacoes,
  usuarios,
} from '../../src/db/schema.ts';
import { createTestApp, login, type TestApp } from '../support/test-app.ts';
import { call, newUnitPayload } from '../support/requests.ts';

/**
 * Issue 34 step 3: every refusal or return says why. A move of refusing tone (3, 6, 9, 14, 15; the
 * regularization's 5; Não Aprovado after approval) needs an active reason of that move's catalogue;
 * a missing, foreign, forged or inactive reason, or an oversized detail, is refused naming its
 * field, and nothing is written.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['solicitante', 'regional', 'celula', 'amee', 'tower', 'property', 'consulta', 'admin'])
    tokens[who] = await login(t.app, `${who}@demo.portal`);
});
afterAll(() => t.close());

const save = (who: string, payload: object) => call(t.app, tokens[who]!, '/api/novas-unidades/edit', payload);

/** The first seeded reason of a move. */
async function reasonOf(movimento: string, nome?: string) {
  const [row] = await t.app.db
    .select()
    .from(motivosRecusa)
    .where(
      and(eq(motivosRecusa.movimento, movimento as never), nome ? eq(motivosRecusa.nome, nome) : undefined),
    )
    .orderBy(motivosRecusa.id)
    .limit(1);
  return row!;
}

async function createAt(status: number) {
  const created = await call(
    t.app,
    tokens.solicitante!,
    '/api/novas-unidades/add',
    await newUnitPayload(t.app),
  );
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json().dados.id as number;
  // Placed straight in the status under test; the journeys walk there.
  await t.app.db.update(solicitacoes).set({ status }).where(eq(solicitacoes.id, id));
  return { id, version: 1 };
}

async function snapshot(id: number) {
  const [row] = await t.app.db.select().from(solicitacoes).where(eq(solicitacoes.id, id));
  const n = async (table: typeof historicoStatus | typeof auditLog | typeof notificacoes) =>
    (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
  const { updatedAt: _u, ...rest } = row!;
  return {
    row: rest,
    history: await n(historicoStatus),
    audit: await n(auditLog),
    notices: await n(notificacoes),
  };
}

/** Each refusing move of the request forms: who takes it, from where. */
const MOVES = [
  { to: 3, from: 0, who: 'regional', extra: { observacao: 'Recusa da regional.' } },
  { to: 6, from: 4, who: 'celula', extra: {} },
  { to: 9, from: 4, who: 'celula', extra: {} },
  { to: 14, from: 7, who: 'amee', extra: {} },
  { to: 15, from: 13, who: 'property', extra: {} },
];

describe('a refusing move without a valid reason is refused, naming the field, and writes nothing', () => {
  for (const m of MOVES) {
    it(`→ ${m.to} (${m.who}) without a reason: 422 on motivo_recusa_id`, async () => {
      const r = await createAt(m.from);
      const before = await snapshot(r.id);
      const res = await save(m.who, { ...r, status: m.to, ...m.extra });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ campo: 'motivo_recusa_id', msg: REASON_REQUIRED });
      expect(await snapshot(r.id)).toEqual(before);
    });
  }

  it('a reason of another move (the regional’s, on the cell’s refusal) is refused', async () => {
    const r = await createAt(4);
    const before = await snapshot(r.id);
    const other = await reasonOf('solicitacao.3');
    const res = await save('celula', { ...r, status: 6, motivo_recusa_id: other.id });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ campo: 'motivo_recusa_id', msg: REASON_UNKNOWN });
    expect(await snapshot(r.id)).toEqual(before);
  });

  it('a forged reason id gets the same answer as another move’s', async () => {
    const r = await createAt(4);
    for (const forged of [2_000_000_000, '999999']) {
      const res = await save('celula', { ...r, status: 6, motivo_recusa_id: forged });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ campo: 'motivo_recusa_id', msg: REASON_UNKNOWN });
    }
  });

  it('a reason id of the wrong type or out of range is refused naming the field', async () => {
    const r = await createAt(4);
    for (const wrong of ['abc', -1, 1.5, { id: 1 }, [1], 2 ** 40]) {
      const res = await save('celula', { ...r, status: 6, motivo_recusa_id: wrong });
      expect(res.statusCode, JSON.stringify(wrong)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().campo).toBe('motivo_recusa_id');
    }
  });

  it('an inactive reason is refused, naming it', async () => {
    const r = await createAt(4);
    const [inactive] = await t.app.db
      .insert(motivosRecusa)
      .values({ movimento: 'solicitacao.6', nome: 'Motivo aposentado', ativo: false })
      .returning();
    const res = await save('celula', { ...r, status: 6, motivo_recusa_id: inactive!.id });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ campo: 'motivo_recusa_id' });
    expect(res.json().msg).toContain('Motivo aposentado');
  });

  it('a detail over its length is refused naming motivo_recusa_texto', async () => {
    const r = await createAt(4);
    const before = await snapshot(r.id);
    const reason = await reasonOf('solicitacao.6');
    const res = await save('celula', {
      ...r,
      status: 6,
      motivo_recusa_id: reason.id,
      motivo_recusa_texto: 'x'.repeat(REASON_TEXT_MAX + 1),
    });
    // Over a length is a malformed body here, as for every text field (contracts/errors.ts).
    expect(res.statusCode).toBe(400);
    expect(res.json().campo).toBe('motivo_recusa_texto');
    expect(await snapshot(r.id)).toEqual(before);
  });

  it('a role that may not take the move is refused before its reason is read (403)', async () => {
    const r = await createAt(4);
    const reason = await reasonOf('solicitacao.6');
    for (const who of ['tower', 'regional', 'solicitante', 'consulta', 'amee']) {
      const res = await save(who, { ...r, status: 6, motivo_recusa_id: reason.id });
      expect([403, 404], `${who}: ${res.body}`).toContain(res.statusCode);
    }
  });

  it('a reason sent with a move that refuses nothing is refused, not stored', async () => {
    const r = await createAt(4);
    const reason = await reasonOf('solicitacao.6');
    const res = await save('celula', { ...r, status: 4, observacao: 'ok', motivo_recusa_id: reason.id });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ campo: 'motivo_recusa_id', msg: REASON_NOT_APPLICABLE });
  });
});

describe('the reason is shown: record, history, timeline, notice and e-mail', () => {
  it('the cell refuses with a reason; the requester reads it everywhere', async () => {
    const r = await createAt(4);
    const reason = await reasonOf('solicitacao.6', 'CNPJ divergente do cartão');
    const res = await save('celula', {
      ...r,
      status: 6,
      motivo_recusa_id: reason.id,
      motivo_recusa_texto: 'O cartão CNPJ enviado é de outra filial.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const text = 'CNPJ divergente do cartão: O cartão CNPJ enviado é de outra filial.';

    const record = (await call(t.app, tokens.solicitante!, '/api/novas-unidades/list', { id: r.id })).json();
    expect(record.dados.motivo_recusa).toBe(text);

    const [entry] = await t.app.db
      .select()
      .from(historicoStatus)
      .where(eq(historicoStatus.idSolicitacao, r.id))
      .orderBy(desc(historicoStatus.id))
      .limit(1);
    expect(entry).toMatchObject({ status: 6, idMotivoRecusa: reason.id, motivoRecusa: text });

    const timeline = await t.app.inject({
      method: 'POST',
      url: '/api/novas-unidades/linha-do-tempo',
      payload: { id_unidade: r.id },
      headers: { authorization: `Bearer ${tokens.solicitante}` },
    });
    expect(timeline.statusCode, timeline.body).toBe(200);
    expect(timeline.json().dados.find((e: { tipo: string }) => e.tipo === 'status')).toMatchObject({
      status: 6,
      motivo: text,
    });

    const [requester] = await t.app.db
      .select()
      .from(usuarios)
      .where(eq(usuarios.email, 'solicitante@demo.portal'));
    const [notice] = await t.app.db
      .select()
      .from(notificacoes)
      .where(and(eq(notificacoes.idUsuario, requester!.id), eq(notificacoes.idSolicitacao, r.id)));
    expect(notice!.mensagem).toContain(`Motivo: ${text}`);
  });

  it('the reason lasts while the request waits, and leaves with its next move', async () => {
    const r = await createAt(4);
    const reason = await reasonOf('solicitacao.9');
    expect((await save('celula', { ...r, status: 9, motivo_recusa_id: reason.id })).statusCode).toBe(200);
    expect(
      (await t.app.db.select().from(solicitacoes).where(eq(solicitacoes.id, r.id)))[0]!.motivoRecusa,
    ).toBe(reason.nome);
    const back = await save('celula', { id: r.id, version: 2, status: 4 });
    expect(back.statusCode, back.body).toBe(200);
    expect(
      (await t.app.db.select().from(solicitacoes).where(eq(solicitacoes.id, r.id)))[0]!.motivoRecusa,
    ).toBeNull();
  });
});

describe('Recusas por motivo on the dashboard', () => {
  it('counts each refusal recorded with a reason, per form, within the reader’s scope', async () => {
    const panel = async (who: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/home/painel',
        headers: { authorization: `Bearer ${tokens[who]}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      const form = res
        .json()
        .dados.formularios.find(
          (f: { fluxo: string; tipo: string }) => f.fluxo === 'energia' && f.tipo === 'nova',
        );
      return (form?.recusas ?? []) as { motivo: string; total: number }[];
    };
    const before = (await panel('celula')).find((r) => r.motivo === 'Documento ilegível')?.total ?? 0;
    const r = await createAt(4);
    const reason = await reasonOf('solicitacao.6', 'Documento ilegível');
    expect((await save('celula', { ...r, status: 6, motivo_recusa_id: reason.id })).statusCode).toBe(200);
    expect((await panel('celula')).find((x) => x.motivo === 'Documento ilegível')?.total).toBe(before + 1);
    // The tower sees only its company's requests: the demo requester's company is not the tower's.
    const tower = await panel('tower');
    expect(tower.find((x) => x.motivo === 'Documento ilegível')?.total ?? 0).toBeLessThanOrEqual(before + 1);
  });
});

describe('regularizations and post-approval refusals need a reason too', () => {
  it('the cell refusing a regularization (→ 5) needs a reason of that move', async () => {
    const [base] = await t.app.db
      .select({ id: baseProvedor.id })
      .from(baseProvedor)
      .where(eq(baseProvedor.fluxo, 'energia'))
      .limit(1)
      .offset(30);
    const api = (payload: object, path = 'edit') =>
      call(t.app, tokens.celula!, `/api/consolidacao/${path}`, payload);
    const opened = await api({ id_con: base!.id }, 'add');
    expect(opened.statusCode, opened.body).toBe(200);
    const { id, version } = opened.json().dados as { id: number; version: number };

    const missing = await api({ id, version, status: 5 });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ campo: 'motivo_recusa_id', msg: REASON_REQUIRED });
    const foreign = await api({
      id,
      version,
      status: 5,
      motivo_recusa_id: (await reasonOf('solicitacao.6')).id,
    });
    expect(foreign.json()).toMatchObject({ campo: 'motivo_recusa_id', msg: REASON_UNKNOWN });

    const reason = await reasonOf('regularizacao.5');
    const ok = await api({ id, version, status: 5, motivo_recusa_id: reason.id });
    expect(ok.statusCode, ok.body).toBe(200);
    const history = await call(t.app, tokens.celula!, '/api/consolidacao/status', { id_unidade: id });
    expect(history.json().dados[0]).toMatchObject({ status: 5, motivo_recusa: reason.nome });
    const [entry] = await t.app.db
      .select()
      .from(regularizacaoStatus)
      .where(eq(regularizacaoStatus.idRegularizacao, id))
      .orderBy(desc(regularizacaoStatus.id))
      .limit(1);
    expect(entry!.idMotivoRecusa).toBe(reason.id);
  });

  it('Não Aprovado in the pre-validation needs a reason; with one the request returns to 14 carrying it', async () => {
    const r = await createAt(8);
    const [row] = await t.app.db.select().from(solicitacoes).where(eq(solicitacoes.id, r.id));
    const body = {
      id: r.id,
      version: row!.version,
      tipo: 1,
      responsavel: 'Marina Souza',
      cargo: 'Analista',
      data_validacao: '2026-11-20',
      status: 2,
      observacao: 'Elemento de rede não confere.',
    };
    const validate = (extra: object) =>
      call(t.app, tokens.amee!, '/api/pos-aprovacao/validar', { ...body, ...extra });
    const missing = await validate({});
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ campo: 'motivo_recusa_id', msg: REASON_REQUIRED });
    expect(
      (await validate({ motivo_recusa_id: (await reasonOf('solicitacao.14')).id })).json(),
    ).toMatchObject({
      campo: 'motivo_recusa_id',
      msg: REASON_UNKNOWN,
    });
    const reason = await reasonOf('pos-aprovacao.nao-aprovado');
    const ok = await validate({ motivo_recusa_id: reason.id });
    expect(ok.statusCode, ok.body).toBe(200);
    const [after] = await t.app.db.select().from(solicitacoes).where(eq(solicitacoes.id, r.id));
    expect(after).toMatchObject({ status: 14, motivoRecusa: reason.nome });
  });
});
