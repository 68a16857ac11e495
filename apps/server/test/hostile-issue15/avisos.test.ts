import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificacoes, usuarios } from '../../src/db/schema.ts';
import { createTestApp, loginDemo, type TestApp } from '../support/test-app.ts';
import { createAndMove } from '../notificacoes/support.ts';
import { is4xx, raw } from './support.ts';

/**
 * Hostile review of the bell's calls (notificacoes/routes.ts): each user reads and changes only
 * their own notices and their own e-mail choice; whatever else a body says is refused or ignored.
 */
let t: TestApp;
let tok: Record<string, string> = {};
const uid: Record<string, number> = {};
let theirs = 0;

beforeAll(async () => {
  t = await createTestApp();
  tok = await loginDemo(t.app, ['solicitante', 'regional', 'celula', 'consulta']);
  for (const who of ['solicitante', 'regional', 'celula', 'consulta']) {
    const [u] = await t.app.db
      .select({ id: usuarios.id })
      .from(usuarios)
      .where(eq(usuarios.email, `${who}@demo.portal`));
    uid[who] = u!.id;
  }
  // The requester gets a notice when the regional moves the request.
  await createAndMove(t.app, { requester: tok.solicitante!, mover: tok.regional! }, 1);
  const [n] = await t.app.db.select().from(notificacoes).where(eq(notificacoes.idUsuario, uid.solicitante!));
  theirs = n!.id;
});
afterAll(() => t.close());

const unread = async (who: string) =>
  (
    await t.app.db
      .select({ id: notificacoes.id })
      .from(notificacoes)
      .where(and(eq(notificacoes.idUsuario, uid[who]!), isNull(notificacoes.lidaEm)))
  ).length;

describe('without a session every call is a 401, before its body is read', () => {
  const calls: ['GET' | 'POST', string, string?][] = [
    ['GET', '/api/notificacoes'],
    ['GET', '/api/notificacoes/nao-lidas'],
    ['POST', '/api/notificacoes/lida', '{"id":'],
    ['POST', '/api/notificacoes/todas-lidas', '[[['],
    ['POST', '/api/notificacoes/preferencia', '{"recebe_emails":false,"id_usuario":1}'],
  ];
  it.each(calls)('%s %s', async (method, url, body) => {
    expect((await raw(t.app, null, method, url, body)).statusCode).toBe(401);
    expect((await raw(t.app, 'x.y.z', method, url, body)).statusCode).toBe(401);
  });
});

describe("another user's notice cannot be read or marked, however its id is written", () => {
  const forged = () => [
    `{"id":${theirs}}`,
    `{"id":"${theirs}"}`,
    `{"id":${theirs},"id_usuario":${uid.solicitante}}`,
    `{"id":${theirs},"user":{"id":${uid.solicitante}}}`,
  ];
  it.each(['regional', 'celula', 'consulta'])(
    '[%s] answers like an absent notice and leaves it unread',
    async (who) => {
      const before = await unread('solicitante');
      const absent = await raw(t.app, tok[who]!, 'POST', '/api/notificacoes/lida', '{"id":2000000000}');
      expect(absent.statusCode).toBe(404);
      for (const body of forged()) {
        const res = await raw(t.app, tok[who]!, 'POST', '/api/notificacoes/lida', body);
        expect([body, res.statusCode, res.json()]).toEqual([body, 404, absent.json()]);
      }
      expect(await unread('solicitante')).toBe(before);
      const list = await raw(
        t.app,
        tok[who]!,
        'GET',
        `/api/notificacoes?antes=${theirs + 1}&id_usuario=${uid.solicitante}`,
      );
      expect(list.json().dados.map((n: { id: number }) => n.id)).not.toContain(theirs);
    },
  );

  it('"mark all read" with another user named in the body marks only mine', async () => {
    const before = await unread('solicitante');
    for (const body of [`{"id_usuario":${uid.solicitante}}`, '{}', undefined]) {
      const res = await raw(t.app, tok.regional!, 'POST', '/api/notificacoes/todas-lidas', body);
      expect([body, is4xx(res.statusCode) || res.statusCode === 200]).toEqual([body, true]);
    }
    expect(await unread('solicitante')).toBe(before);
  });
});

describe('wrong types are a 4xx naming the field, never a 500', () => {
  const ids = [
    '[1]',
    '{"id":[1]}',
    '{"id":{"id":1}}',
    '{"id":-1}',
    '{"id":0}',
    '{"id":1.5}',
    '{"id":1e400}',
    '{"id":9223372036854775808}',
    '{"id":"1;drop table notificacoes"}',
    '{"id":"\\u0000"}',
    '{"id":null}',
    '{}',
    'null',
    '',
  ];
  it.each(ids)('lida %s', async (body) => {
    const res = await raw(t.app, tok.solicitante!, 'POST', '/api/notificacoes/lida', body);
    expect([body, is4xx(res.statusCode)]).toEqual([body, true]);
    expect(res.json()).toMatchObject({ error: 1, msg: expect.any(String) });
  });

  const prefs = ['"false"', '0', 'null', '[]', '{}', '"não"', '"\\ud800"', '1e400'];
  it.each(prefs)('preferencia recebe_emails=%s leaves the choice as it was', async (v) => {
    const res = await raw(
      t.app,
      tok.solicitante!,
      'POST',
      '/api/notificacoes/preferencia',
      `{"recebe_emails":${v}}`,
    );
    const [me] = await t.app.db
      .select({ on: usuarios.recebeEmails })
      .from(usuarios)
      .where(eq(usuarios.id, uid.solicitante!));
    if (res.statusCode === 200) expect(me!.on).toBe(res.json().recebe_emails);
    else {
      expect(is4xx(res.statusCode)).toBe(true);
      expect(res.json().msg).toMatch(/Receber e-mails/);
    }
  });

  it.each(['-1', 'abc', '1e400', '0', '1.5', '99999999999999999999'])('GET antes=%s', async (v) => {
    const res = await raw(t.app, tok.solicitante!, 'GET', `/api/notificacoes?antes=${v}`);
    expect([v, is4xx(res.statusCode)]).toEqual([v, true]);
  });

  it('antes given twice (an array) is refused or read as one, never a 500', async () => {
    const res = await raw(t.app, tok.solicitante!, 'GET', `/api/notificacoes?antes=5&antes=6`);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('my e-mail choice is mine alone', () => {
  it('a body naming another user turns only my own e-mails off', async () => {
    await t.app.db.update(usuarios).set({ recebeEmails: true });
    const res = await raw(
      t.app,
      tok.consulta!,
      'POST',
      '/api/notificacoes/preferencia',
      JSON.stringify({
        recebe_emails: false,
        id_usuario: uid.solicitante,
        id: uid.solicitante,
        email: 'solicitante@demo.portal',
      }),
    );
    expect(res.statusCode).toBe(200);
    const rows = await t.app.db.select({ id: usuarios.id, on: usuarios.recebeEmails }).from(usuarios);
    expect(rows.filter((r) => !r.on).map((r) => r.id)).toEqual([uid.consulta]);
  });
});
