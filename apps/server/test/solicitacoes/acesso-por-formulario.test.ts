import { count, eq } from 'drizzle-orm';
import { GROUP, PROFILE } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/auth/passwords.ts';
import { grupos, solicitacoes, usuarios } from '../../src/db/schema.ts';
import { DEMO_PASSWORD } from '../../src/db/seed/demo-data.ts';
import { bearer, createTestApp, login, type TestApp } from '../support/test-app.ts';
import { call, newUnitPayload } from '../support/requests.ts';

/** Issue 9 items 5 and 8: who may use a form is decided before the body is read, by the menu's rule. */
let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['solicitante', 'property', 'consulta', 'tower', 'celula']) {
    tokens[who] = await login(t.app, `${who}@demo.portal`);
  }
  // A Grupo TIM group other than 23158875: its menu has no water entry at all.
  const [grupo] = await t.app.db
    .insert(grupos)
    .values({ id: 99000001, nome: 'Grupo TIM sem água', papel: 'grupo_tim', cadastro: true })
    .returning({ id: grupos.id });
  await t.app.db.insert(usuarios).values({
    name: 'Sem Água',
    email: 'sem-agua@teste.portal',
    passwordHash: await hashPassword(DEMO_PASSWORD),
    idGrupo: grupo!.id,
    idPerfil: PROFILE.CADASTRO_UC,
    trocarSenha: 1,
  });
  tokens.semAgua = await login(t.app, 'sem-agua@teste.portal');
});
afterAll(() => t.close());

const requestCount = async () => (await t.app.db.select({ n: count() }).from(solicitacoes))[0]!.n;

/** A multipart upload cut short: parsing it would fail, so a refusal proves it was never read. */
const cutMultipart = (token?: string) => ({
  payload: Buffer.from('------x\r\nContent-Disposition: form-data; name="dados"\r\n\r\n{"unid'),
  headers: {
    'content-type': 'multipart/form-data; boundary=----x',
    ...(token ? bearer(token) : {}),
  },
});

describe('anonymous calls answer 401 before any validation detail', () => {
  it.each([
    ['POST', '/api/novas-unidades/list', { per_page: 'muitos' }],
    ['POST', '/api/agua/unidades/validar-unidade', { unidade: 7 }],
    ['POST', '/api/unidades/delete', { id: 'abc' }],
    ['POST', '/api/agua/troca-unidades/delete', { id: -1 }],
    ['GET', '/api/cidades/12', undefined],
    ['GET', '/api/cep/abc', undefined],
    ['GET', '/api/home', undefined],
    ['GET', '/api/agua/concessionarias', undefined],
  ] as const)('%s %s', async (method, url, payload) => {
    const res = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 1, msg: 'Faça login para continuar.' });
  });

  it('a multipart add without a session is refused before its bytes are parsed', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/unidades/add', ...cutMultipart() });
    expect(res.statusCode).toBe(401);
  });
});

describe('every call of a form is refused to a user whose menu has no entry for it', () => {
  it.each([
    ['/api/unidades/list', {}],
    ['/api/unidades/list', { id: 1 }],
    ['/api/unidades/validar-unidade', { unidade: 'UC1' }],
  ])('Property Management (no energy ownership-change entry): %s', async (url, body) => {
    const res = await call(t.app, tokens.property!, url, body);
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toMatch(/^Seu grupo não tem acesso a /);
  });

  it.each([
    ['/api/agua/unidades/list', {}],
    ['/api/agua/novas-unidades/list', {}],
    ['/api/agua/novas-unidades/validar-unidade', { unidade: 'UC1' }],
  ])('a Grupo TIM group without water entries: %s', async (url, body) => {
    const res = await call(t.app, tokens.semAgua!, url, body);
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toMatch(/^Seu grupo não tem acesso a /);
  });

  it('the refusal names the form', async () => {
    const res = await call(t.app, tokens.property!, '/api/unidades/list', {});
    expect(res.json().msg).toBe('Seu grupo não tem acesso a Troca de Titularidade.');
  });

  it('the refusal comes before validation: a malformed body still gets 403', async () => {
    const res = await call(t.app, tokens.semAgua!, '/api/agua/unidades/list', { per_page: 'muitos' });
    expect(res.statusCode).toBe(403);
  });

  it('the water forms are open to Property Management, which fixes water requests at status 9', async () => {
    expect((await call(t.app, tokens.property!, '/api/agua/novas-unidades/list', {})).statusCode).toBe(200);
  });

  it('the energy new-unit form stays open to Property Management', async () => {
    expect((await call(t.app, tokens.property!, '/api/novas-unidades/list', {})).statusCode).toBe(200);
  });
});

describe('only who may save reaches the body of a save', () => {
  it('profile 3 (Consulta) is refused before a multipart upload is read, and nothing is written', async () => {
    const before = await requestCount();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/unidades/add',
      ...cutMultipart(tokens.consulta),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('Seu perfil não permite salvar esta solicitação.');
    expect(await requestCount()).toBe(before);
  });

  it('profile 3 (Consulta) edits nothing, whatever the body', async () => {
    const res = await call(t.app, tokens.consulta!, '/api/novas-unidades/edit', { id: 'abc' });
    expect(res.statusCode).toBe(403);
  });

  it('a group that may not create is refused before the body is read', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/novas-unidades/add',
      ...cutMultipart(tokens.tower),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('Seu grupo não pode cadastrar esta solicitação.');
  });
});

describe('creating needs the group\'s "cadastro" flag', () => {
  it('a group with cadastro off creates nothing but still reads its form', async () => {
    await t.app.db.update(grupos).set({ cadastro: false }).where(eq(grupos.id, GROUP.SOLICITANTE));
    try {
      const before = await requestCount();
      const res = await call(t.app, tokens.solicitante!, '/api/unidades/add', await newUnitPayload(t.app));
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe('Seu grupo não tem permissão de cadastro.');
      expect(await requestCount()).toBe(before);
      expect((await call(t.app, tokens.solicitante!, '/api/unidades/list', {})).statusCode).toBe(200);
    } finally {
      await t.app.db.update(grupos).set({ cadastro: true }).where(eq(grupos.id, GROUP.SOLICITANTE));
    }
  });

  it('with the flag the same user creates', async () => {
    const res = await call(
      t.app,
      tokens.solicitante!,
      '/api/novas-unidades/add',
      await newUnitPayload(t.app),
    );
    expect(res.statusCode, res.body).toBe(200);
  });
});
