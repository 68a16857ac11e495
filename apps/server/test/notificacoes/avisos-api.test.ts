import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_NOT_FOUND } from '@portal/domain/contracts/notifications';
import { notificacoes, usuarios } from '../../src/db/schema.ts';
import { bearer, createTestApp, login, type TestApp } from '../support/test-app.ts';
import { createAndMove, setTspFocalPoints } from './support.ts';

/**
 * The bell's calls: a user reads and marks only their own notices, whatever id a hostile client
 * sends; profile 3 (Consulta) reads and marks its own too.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
let requestId: number;
/** The id of a demo user, by the first part of the e-mail ('solicitante'). */
const idOf = async (who: string) =>
  (
    await t.app.db
      .select({ id: usuarios.id })
      .from(usuarios)
      .where(eq(usuarios.email, `${who}@demo.portal`))
  )[0]!.id;
const noticesOf = async (who: string) =>
  t.app.db
    .select()
    .from(notificacoes)
    .where(eq(notificacoes.idUsuario, await idOf(who)));

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['solicitante', 'regional', 'celula', 'consulta'])
    tokens[who] = await login(t.app, `${who}@demo.portal`);
  // The Consulta user is a focal point: profile 3 gets notices like anyone.
  await setTspFocalPoints(t.app, ['consulta@demo.portal']);
  const { id, moved } = await createAndMove(t.app, {
    requester: tokens.solicitante!,
    mover: tokens.regional!,
  });
  expect(moved.statusCode, moved.body).toBe(200);
  requestId = id;
});
afterAll(() => t.close());

const get = (who: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(tokens[who]!) });
const post = (who: string, url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: bearer(tokens[who]!), payload: payload as object });

describe('reading notices', () => {
  it('lists only my notices, newest first, with the unread count and my e-mail choice', async () => {
    const res = await get('solicitante', '/api/notificacoes');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ error: 0, nao_lidas: 1, recebe_emails: true, mais: false });
    expect(body.dados).toEqual([
      {
        id: expect.any(Number),
        id_solicitacao: requestId,
        titulo: `Solicitação nº ${requestId}: Em Validação Regional`,
        mensagem: expect.stringContaining('Renata Regional'),
        link: `/cadastro-uc-nova/nova/${requestId}`,
        criada_em: expect.any(String),
        lida_em: null,
      },
    ]);
    // The one who moved it has nothing; the cell, no recipient here, neither.
    expect((await get('regional', '/api/notificacoes')).json()).toMatchObject({ dados: [], nao_lidas: 0 });
    expect((await get('celula', '/api/notificacoes/nao-lidas')).json()).toEqual({ error: 0, nao_lidas: 0 });
  });

  it('pages older notices with `antes`, never crossing to another user', async () => {
    const mine = (await noticesOf('solicitante'))[0]!;
    const res = await get('solicitante', `/api/notificacoes?antes=${mine.id}`);
    expect(res.json()).toMatchObject({ dados: [], mais: false });
    for (const bad of ['abc', '-1', '1.5', String(2 ** 40)]) {
      const r = await get('solicitante', `/api/notificacoes?antes=${bad}`);
      expect(r.statusCode, bad).toBe(400);
      expect(r.json().msg).toMatch(/Antes/);
    }
  });

  it('answers 401 without a session', async () => {
    for (const url of ['/api/notificacoes', '/api/notificacoes/nao-lidas']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    const res = await t.app.inject({ method: 'POST', url: '/api/notificacoes/todas-lidas', payload: {} });
    expect(res.statusCode).toBe(401);
  });
});

describe('marking notices read', () => {
  it("another user's notice answers as absent and stays unread", async () => {
    const theirs = (await noticesOf('solicitante'))[0]!;
    const res = await post('regional', '/api/notificacoes/lida', { id: theirs.id });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 1, msg: NOTIFICATION_NOT_FOUND });
    expect((await noticesOf('solicitante'))[0]!.lidaEm).toBeNull();
    // Nor can a forged body name the owner.
    const forged = await post('regional', '/api/notificacoes/lida', {
      id: theirs.id,
      id_usuario: await idOf('solicitante'),
    });
    expect(forged.statusCode).toBe(404);
    await post('regional', '/api/notificacoes/todas-lidas', { id_usuario: await idOf('solicitante') });
    expect((await noticesOf('solicitante'))[0]!.lidaEm).toBeNull();
  });

  it('refuses ids that are no notice id, with a message naming the field', async () => {
    for (const id of ['abc', -3, 0, 1.5, 2 ** 40, null, true, [1], { id: 1 }]) {
      const res = await post('solicitante', '/api/notificacoes/lida', { id });
      expect(res.statusCode, JSON.stringify(id)).toBe(400);
      expect(res.json().msg).toMatch(/ID/);
    }
    expect((await post('solicitante', '/api/notificacoes/lida', { id: 999_999 })).statusCode).toBe(404);
  });

  it('profile 3 (Consulta) reads its own notices and marks them read', async () => {
    const list = (await get('consulta', '/api/notificacoes')).json();
    expect(list).toMatchObject({ nao_lidas: 1, dados: [{ id_solicitacao: requestId }] });
    const res = await post('consulta', '/api/notificacoes/lida', { id: list.dados[0].id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ error: 0, nao_lidas: 0 });
    expect((await noticesOf('consulta'))[0]!.lidaEm).toBeInstanceOf(Date);
    // Marking again changes nothing and still answers.
    expect((await post('consulta', '/api/notificacoes/lida', { id: list.dados[0].id })).statusCode).toBe(200);
  });

  it('marks all of mine read, and only mine', async () => {
    await setTspFocalPoints(t.app, ['celula@demo.portal']);
    await createAndMove(t.app, { requester: tokens.solicitante!, mover: tokens.regional! });
    expect((await get('solicitante', '/api/notificacoes/nao-lidas')).json().nao_lidas).toBe(2);
    const res = await post('solicitante', '/api/notificacoes/todas-lidas', {});
    expect(res.json()).toEqual({ error: 0, nao_lidas: 0 });
    expect((await noticesOf('solicitante')).every((n) => n.lidaEm !== null)).toBe(true);
    expect((await get('celula', '/api/notificacoes/nao-lidas')).json().nao_lidas).toBe(1);
  });
});

describe('my e-mail choice', () => {
  it('is mine alone: a forged user id in the body changes nothing of anyone else', async () => {
    const solicitante = await idOf('solicitante');
    const res = await post('regional', '/api/notificacoes/preferencia', {
      recebe_emails: false,
      id_usuario: solicitante,
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.app.db.select({ email: usuarios.email, on: usuarios.recebeEmails }).from(usuarios);
    expect(rows.filter((r) => !r.on).map((r) => r.email)).toEqual(['regional@demo.portal']);
    expect((await get('regional', '/api/notificacoes')).json().recebe_emails).toBe(false);
    await post('regional', '/api/notificacoes/preferencia', { recebe_emails: true });
  });

  it('refuses a value that is no yes/no, and a missing one', async () => {
    for (const value of ['talvez', 2, null, {}, undefined]) {
      const res = await post('solicitante', '/api/notificacoes/preferencia', { recebe_emails: value });
      expect(res.statusCode, String(value)).toBe(400);
      expect(res.json().msg).toMatch(/Receber e-mails/);
    }
  });

  it('profile 3 (Consulta) may turn its own e-mails off and on', async () => {
    const off = await post('consulta', '/api/notificacoes/preferencia', { recebe_emails: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ recebe_emails: false, msg: expect.stringMatching(/não receberá/) });
    const on = await post('consulta', '/api/notificacoes/preferencia', { recebe_emails: true });
    expect(on.json()).toMatchObject({ recebe_emails: true });
  });
});
