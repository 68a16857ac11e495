import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_MAX } from '@portal/domain';
import { solicitacoes, usuarios } from '../../src/db/schema.ts';
import { createTestApp, login, type TestApp } from '../support/test-app.ts';
import { call, newUnitPayload, readRequest } from '../support/requests.ts';

/**
 * Issue 15, point 3: the requester may correct or withdraw a request while nobody has acted on it
 * (docs/decisions/requests-workflow.md, D-WF-032). The server decides (checkSave with the creator's window, the delete guard);
 * each hostile attempt below is what a client could forge.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  // A second requester of the same company: same scope, not the author.
  await t.app.db.update(usuarios).set({ trocarSenha: 1 }).where(eq(usuarios.email, 'novo@demo.portal'));
  for (const who of ['solicitante', 'novo', 'regional', 'celula', 'consulta', 'admin']) {
    tokens[who] = await login(t.app, `${who}@demo.portal`);
  }
});
afterAll(() => t.close());

const BASE = 'novas-unidades';
const as = (who: string, path: string, payload: unknown) =>
  call(t.app, tokens[who]!, `/api/${path}`, payload);

async function filed() {
  const res = await as('solicitante', `${BASE}/add`, await newUnitPayload(t.app));
  expect(res.statusCode, res.body).toBe(200);
  return readRequest(t.app, tokens.solicitante!, BASE, res.json().dados.id as number);
}

const correct = (
  who: string,
  record: { id: number; version: number; status: number },
  extra: Record<string, unknown>,
) => as(who, `${BASE}/edit`, { id: record.id, version: record.version, status: record.status, ...extra });

describe('the creator corrects a request nobody has acted on', () => {
  it('the read tells the author the window is open, and nobody else', async () => {
    const record = await filed();
    expect(record.autor_pode_corrigir).toBe(true);
    expect((await readRequest(t.app, tokens.novo!, BASE, record.id)).autor_pode_corrigir).toBe(false);
    expect((await readRequest(t.app, tokens.regional!, BASE, record.id)).autor_pode_corrigir).toBe(false);
  });

  it('the author changes a field they filled in; the status stays', async () => {
    const record = await filed();
    const res = await correct('solicitante', record, { numero: '2000', observacao: 'Número corrigido.' });
    expect(res.statusCode, res.body).toBe(200);
    const after = await readRequest(t.app, tokens.solicitante!, BASE, record.id);
    expect(after.numero).toBe('2000');
    expect(after.status).toBe(0);
    // Their own correction is not "someone acting": the window stays open.
    expect(after.autor_pode_corrigir).toBe(true);
  });

  it('another requester of the same company may not correct it (403)', async () => {
    const record = await filed();
    const res = await correct('novo', record, { numero: '3000' });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toMatch(/não pode alterar esta solicitação/);
  });

  it('once the regional has saved on it, the author may no longer correct nor withdraw it', async () => {
    const record = await filed();
    const asRegional = await readRequest(t.app, tokens.regional!, BASE, record.id);
    // The regional keeps the status and only writes an observation: it has acted all the same.
    const acted = await correct('regional', asRegional, { observacao: 'Vou validar amanhã.' });
    expect(acted.statusCode, acted.body).toBe(200);
    const now = await readRequest(t.app, tokens.solicitante!, BASE, record.id);
    expect(now.autor_pode_corrigir).toBe(false);
    const res = await correct('solicitante', now, { numero: '4000' });
    expect(res.statusCode).toBe(403);
    const del = await as('solicitante', `${BASE}/delete`, { id: record.id });
    expect(del.statusCode).toBe(403);
    expect(del.json().msg).toMatch(/antes de qualquer andamento/);
  });

  it('a forged status is refused: the author cannot move their own request (403)', async () => {
    const record = await filed();
    const res = await correct('solicitante', { ...record, status: 2 }, { numero: '5000' });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toMatch(/não pode escolher o status/);
    expect((await readRequest(t.app, tokens.solicitante!, BASE, record.id)).numero).toBe(record.numero);
  });

  it("a field outside what creating let the author fill (the cell's payment type) is refused (403)", async () => {
    const record = await filed();
    const res = await correct('solicitante', record, { tipo_de_pagamento: 1 });
    expect(res.statusCode).toBe(403);
    expect(res.json().campo).toBe('tipo_de_pagamento');
  });

  it('profile 3 (Consulta) neither corrects nor deletes', async () => {
    const record = await filed();
    const asReader = await readRequest(t.app, tokens.consulta!, BASE, record.id);
    expect(asReader.autor_pode_corrigir).toBe(false);
    expect((await correct('consulta', asReader, { numero: '6000' })).statusCode).toBe(403);
    expect((await as('consulta', `${BASE}/delete`, { id: record.id })).statusCode).toBe(403);
  });
});

describe('the window under concurrency', () => {
  it("the author's correction and the regional's save on the same version: one wins, the other gets 409", async () => {
    const record = await filed();
    const asRegional = await readRequest(t.app, tokens.regional!, BASE, record.id);
    const [mine, theirs] = await Promise.all([
      correct('solicitante', record, { numero: '7000' }),
      correct('regional', asRegional, { observacao: 'Ao mesmo tempo.' }),
    ]);
    expect([mine.statusCode, theirs.statusCode].sort()).toEqual([200, 409]);
  });

  it('the author deleting while the regional saves: either the delete wins (the save finds nothing) or the save wins (the delete is refused)', async () => {
    const record = await filed();
    const asRegional = await readRequest(t.app, tokens.regional!, BASE, record.id);
    const [del, save] = await Promise.all([
      as('solicitante', `${BASE}/delete`, { id: record.id }),
      correct('regional', asRegional, { observacao: 'Ao mesmo tempo.' }),
    ]);
    const outcome = [del.statusCode, save.statusCode].join(',');
    expect(['200,404', '200,409', '403,200']).toContain(outcome);
  });
});

describe('the creator withdraws a request nobody has acted on', () => {
  it('the new-unit form has its delete call; the author deletes while untouched, another requester may not', async () => {
    const record = await filed();
    const other = await as('novo', `${BASE}/delete`, { id: record.id });
    expect(other.statusCode).toBe(403);
    const own = await as('solicitante', `${BASE}/delete`, { id: record.id });
    expect(own.statusCode, own.body).toBe(200);
    const [left] = await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(solicitacoes)
      .where(eq(solicitacoes.id, record.id));
    expect(left!.n).toBe(0);
  });

  it('once it moved, the author may not delete it', async () => {
    const record = await filed();
    const asRegional = await readRequest(t.app, tokens.regional!, BASE, record.id);
    const moved = await correct('regional', asRegional, { status: 1 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await as('solicitante', `${BASE}/delete`, { id: record.id })).statusCode).toBe(403);
  });
});

describe('a text over its maximum is refused, never cut', () => {
  it(`Unidade longer than ${FIELD_MAX.unidade} characters answers 400 naming the field and its maximum, and stores nothing`, async () => {
    const long = 'U'.repeat(FIELD_MAX.unidade + 1);
    const res = await as('solicitante', `${BASE}/add`, await newUnitPayload(t.app, { unidade: long }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 1,
      msg: `O campo Unidade pode ter no máximo ${FIELD_MAX.unidade} caracteres.`,
    });
    const [stored] = await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(solicitacoes)
      .where(sql`${solicitacoes.unidade} like 'UUUUUUUUUUUUUUUUUUUU%'`);
    expect(stored!.n).toBe(0);
  });

  it('exactly the maximum is accepted whole', async () => {
    const exact = `U${Date.now()}`.padEnd(FIELD_MAX.unidade, '9').slice(0, FIELD_MAX.unidade);
    const res = await as('solicitante', `${BASE}/add`, await newUnitPayload(t.app, { unidade: exact }));
    expect(res.statusCode, res.body).toBe(200);
    const record = await readRequest(t.app, tokens.solicitante!, BASE, res.json().dados.id as number);
    expect(record.unidade).toBe(exact);
  });
});
