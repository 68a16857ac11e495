import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/db/seed/demo-data.ts';
import { call } from '../support/requests.ts';
import { login, runQueue } from '../support/test-app.ts';
import { harness, rowsOf, type Harness } from './support.ts';

/**
 * GUIDE §7: tokens, reset links and password hashes never reach a log, nor a screen. Real flows
 * that touch passwords and sessions run first (a password change, an admin's user edit and
 * creation, reset e-mails, a reset by link, sign-ins); then neither the stored audit rows nor any
 * answer of /logs holds a session token, a reset token, a password or a password hash.
 */
let h: Harness;
const NEW_PASSWORD = 'Nova#Senha#2026';
const RESET_PASSWORD = 'Link#Senha#2026';
const sessionTokens: string[] = [];

beforeAll(async () => {
  h = await harness();
  sessionTokens.push(...Object.values(h.tokens));
  const admin = h.tokens.admin!;
  const post = (token: string, url: string, body: unknown) => call(h.t.app, token, url, body);

  // 1. A user changes their own password.
  const changed = await post(h.tokens.tower!, '/api/change-password', {
    senha_atual: DEMO_PASSWORD,
    password: NEW_PASSWORD,
  });
  if (changed.statusCode !== 200) throw new Error(`change-password: ${changed.statusCode} ${changed.body}`);
  sessionTokens.push(await login(h.t.app, 'tower@demo.portal', NEW_PASSWORD));

  // 2. An administrator edits a user (name and profile), first sending a password along as a hostile client would (refused).
  const read = await post(admin, '/api/usuarios/list', { id: h.ids.property });
  if (read.statusCode !== 200) throw new Error(`read user: ${read.statusCode} ${read.body}`);
  const current = read.json().dados;
  const refused = await post(admin, '/api/usuarios/edit', {
    ...current,
    name: 'Paulo Property Editado',
    password: 'Admin#Define#2026',
  });
  if (refused.statusCode !== 403)
    throw new Error(`admin set a password: ${refused.statusCode} ${refused.body}`);
  const edited = await post(admin, '/api/usuarios/edit', { ...current, name: 'Paulo Property Editado' });
  if (edited.statusCode !== 200) throw new Error(`edit user: ${edited.statusCode} ${edited.body}`);

  // 3. An administrator creates a user (an invitation link is e-mailed) and sends a reset to another.
  const created = await post(admin, '/api/usuarios/add', {
    ...current,
    id: undefined,
    version: undefined,
    name: 'Usuária Convidada',
    email: 'convidada@demo.portal',
  });
  if (created.statusCode !== 200) throw new Error(`add user: ${created.statusCode} ${created.body}`);
  const sent = await post(admin, '/api/usuarios/enviar-redefinicao-senha', { id: h.ids.solicitante });
  if (sent.statusCode !== 200) throw new Error(`send reset: ${sent.statusCode} ${sent.body}`);

  // 4. "Esqueci minha senha", then the link is used.
  await h.t.app.inject({ method: 'POST', url: '/api/lost-password', payload: { email: 'amee@demo.portal' } });
  // Every e-mail leaves through the job queue: run it, as the server's worker would.
  await runQueue(h.t.app);
  const mail = h.t.mails.at(-1)!;
  const token = /recuperar-senha\/([^\s"<]+)/.exec(mail.text ?? mail.html ?? '')![1]!;
  const reset = await h.t.app.inject({
    method: 'POST',
    url: '/api/change-password-new',
    payload: { hash: token, password: RESET_PASSWORD },
  });
  if (reset.statusCode !== 200) throw new Error(`reset: ${reset.statusCode} ${reset.body}`);
  sessionTokens.push(await login(h.t.app, 'amee@demo.portal', RESET_PASSWORD));
});
afterAll(() => h.t.close());

/** Every secret the flows above produced or stored. */
async function secrets(): Promise<string[]> {
  const db = h.t.app.db;
  const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
  const hashes = rows<{ v: string }>(await db.execute(sql`select password_hash as v from usuarios`)).map(
    (r) => r.v,
  );
  const sessionHashes = rows<{ v: string }>(await db.execute(sql`select token_hash as v from sessoes`)).map(
    (r) => r.v,
  );
  const resetHashes = rows<{ v: string }>(
    await db.execute(sql`select token_hash as v from password_resets`),
  ).map((r) => r.v);
  const links = h.t.mails.flatMap((m) =>
    [...`${m.text ?? ''} ${m.html ?? ''}`.matchAll(/recuperar-senha\/([^\s"<]+)/g)].map((x) => x[1]!),
  );
  expect(links.length).toBeGreaterThanOrEqual(3);
  return [
    ...hashes,
    ...sessionHashes,
    ...resetHashes,
    ...links,
    ...sessionTokens,
    DEMO_PASSWORD,
    NEW_PASSWORD,
    RESET_PASSWORD,
    'Admin#Define#2026',
    'Convite#2026',
  ].filter((s) => s && s.length >= 8);
}

describe('the stored audit rows', () => {
  it('hold no password, hash, session token or reset token (GUIDE §7: they never reach a log)', async () => {
    const stored = (
      (await h.t.app.db.execute(
        sql`select id, acao, entidade, entidade_id, antes, depois, ip from audit_log`,
      )) as unknown as {
        rows: unknown[];
      }
    ).rows;
    const text = JSON.stringify(stored);
    const leaked = (await secrets()).filter((s) => text.includes(s)).map((s) => `${s.slice(0, 12)}…`);
    expect(leaked).toEqual([]);
    expect(text).not.toMatch(/\$argon2|\$2[abxy]\$|\$scrypt/);
    expect(text).not.toMatch(
      /"(password|password_hash|passwordHash|senha|token|token_hash|tokenHash|session|sessao|hash)"\s*:/i,
    );
  });

  it('every password flow is recorded, with nothing about the password itself', async () => {
    const acoes = (await h.list({ entidade: 'usuario', per_page: 50 }))
      .json()
      .dados.map((r: { acao: string }) => r.acao);
    for (const acao of [
      'trocar-senha',
      'recuperar-senha',
      'redefinir-senha',
      'enviar-redefinicao-senha',
      'editar',
      'criar',
      'login',
    ])
      expect(acoes).toContain(acao);
    for (const acao of [
      'trocar-senha',
      'recuperar-senha',
      'redefinir-senha',
      'enviar-redefinicao-senha',
      'login',
    ]) {
      for (const row of rowsOf(await h.list({ acao, per_page: 50 })))
        expect(row.alteracoes, acao).toEqual([]);
    }
  });
});

describe('what /logs answers', () => {
  it('no page, filter or option holds a password, hash, session token or reset token', async () => {
    const all = await secrets();
    const answers: string[] = [(await h.filtros()).body];
    for (let page = 1; ; page++) {
      const res = await h.list({ per_page: 50, page });
      expect(res.statusCode).toBe(200);
      answers.push(res.body);
      if (!rowsOf(res).length) break;
    }
    for (const body of [
      { entidade: 'usuario', per_page: 50 },
      { acao: 'editar', per_page: 50 },
      { acao: 'criar', per_page: 50 },
    ])
      answers.push((await h.list(body)).body);
    const leaked: string[] = [];
    for (const body of answers) {
      for (const s of all) if (body.includes(s)) leaked.push(`${s.slice(0, 12)}…`);
      if (/\$argon2|\$2[abxy]\$|\$scrypt/.test(body)) leaked.push('a hash-shaped value');
      for (const campo of body.match(/"campo":"[^"]*"/g) ?? [])
        if (/password|senha|token|hash|secret|sess/i.test(campo) && campo !== '"campo":"trocar_senha"')
          leaked.push(campo);
    }
    expect([...new Set(leaked)]).toEqual([]);
  });

  it("the admin's edit of a user shows what changed (the name) and nothing of the password sent along", async () => {
    const rows = rowsOf(await h.list({ entidade: 'usuario', acao: 'editar', per_page: 50 })).filter(
      (r) => r.entidade_id === String(h.ids.property),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.usuario).toBe('Ana Administradora');
    expect(rows[0]!.alteracoes).toEqual([
      { campo: 'name', label: 'Nome', antes: 'Paulo Property', depois: 'Paulo Property Editado' },
    ]);
  });

  it('a record that one day holds a session or API credential under another name still shows none of it', async () => {
    // A writer recording too much (a session row, an integration's credentials) must not leak them.
    await h.entry({
      entidade: 'usuario',
      acao: 'editar',
      antes: { name: 'A', session_id: 'sess-id-111111', sessao: 'sessao-222222', api_key: 'key-333333' },
      depois: {
        name: 'B',
        session_id: 'sess-id-444444',
        sessao: 'sessao-555555',
        api_key: 'key-666666',
        authorization: 'Bearer abcdef123456',
        credenciais: { pwd: 'pwd-777777' },
        cookie: 'sid=888888',
      },
    });
    const body = (await h.list({ entidade: 'usuario', acao: 'editar', per_page: 5 })).body;
    const leaked = ['sess-id-', 'sessao-', 'key-', 'Bearer ', 'pwd-', 'sid='].filter((s) => body.includes(s));
    expect(leaked).toEqual([]);
  });
});
