import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP, ONLY_ADMIN_GRANTS_ADMIN, PROFILE } from '@portal/domain';
import { usuarios } from '../../src/db/schema.ts';
import { bearer, createTestApp, type TestApp, runQueue } from '../support/test-app.ts';
import { ALPHANUMERIC_CNPJ, signedIn } from './support.ts';

/**
 * Issue 9 ("Also"): a user's phone and CPF/CNPJ are kept with the user, so 'Dados do Solicitante'
 * (spec part 1 §3, filled from the session) is complete on the requests they file.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
/** The external provider: the "usuários" flag, profile 4 (not an administrator). */
let provider: Awaited<ReturnType<typeof signedIn>>;
/** A requester: no "usuários" flag. */
let requester: Awaited<ReturnType<typeof signedIn>>;
let empresaId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t.app, 'admin@demo.portal');
  provider = await signedIn(t.app, 'amee@demo.portal');
  requester = await signedIn(t.app, 'solicitante@demo.portal');
  empresaId = (await admin.get('/usuarios/opcoes')).body.dados.empresas[0].id;
});
afterAll(() => t.close());

const user = (email: string, overrides: object = {}) => ({
  name: 'Sara Solicitante',
  email,
  id_empresa: empresaId,
  id_grupo: GROUP.SOLICITANTE,
  id_perfil: PROFILE.CADASTRO_UC,
  regionais: [],
  id_status: 1,
  ...overrides,
});

const stored = async (email: string) =>
  (await t.app.db.select().from(usuarios).where(eq(usuarios.email, email)))[0];

/** A user as usuarios/list reads it back (the edit form's record). */
const listed = async (email: string) =>
  (await admin.post('/usuarios/list', { q: email })).body.dados.find(
    (u: { email: string }) => u.email === email,
  );

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload, headers });

describe("a user's phone and CPF/CNPJ", () => {
  it('are stored as digits only and read back by usuarios/add and usuarios/list', async () => {
    const res = await admin.post(
      '/usuarios/add',
      user('sara@demo.portal', { telefone: '(11) 98765-4321', cnpj: '529.982.247-25' }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.dados).toMatchObject({ telefone: '11987654321', cnpj: '52998224725' });
    expect(await stored('sara@demo.portal')).toMatchObject({ telefone: '11987654321', cnpj: '52998224725' });
    expect(await listed('sara@demo.portal')).toMatchObject({ telefone: '11987654321', cnpj: '52998224725' });
    const one = await admin.post('/usuarios/list', { id: res.body.dados.id });
    expect(one.body.dados).toMatchObject({ telefone: '11987654321', cnpj: '52998224725' });
  });

  it('a landline (10 digits) and a CNPJ, numeric or alphanumeric, are accepted too', async () => {
    const numeric = await admin.post(
      '/usuarios/add',
      user('fixo@demo.portal', { telefone: '(21) 3333-4444', cnpj: '48.392.015/0001-79' }),
    );
    expect(numeric.status, JSON.stringify(numeric.body)).toBe(200);
    expect(numeric.body.dados).toMatchObject({ telefone: '2133334444', cnpj: '48392015000179' });
    const alnum = await admin.post('/usuarios/add', user('alfa@demo.portal', { cnpj: ALPHANUMERIC_CNPJ }));
    expect(alnum.status, JSON.stringify(alnum.body)).toBe(200);
    expect(alnum.body.dados).toMatchObject({ cnpj: '12ABC34501DE35', telefone: null });
  });

  it('reach the session (login answer and /api/validate), which fills Dados do Solicitante', async () => {
    // The invite e-mail sent on usuarios/add is how the new user gets a password.
    await runQueue(t.app);
    const invite = t.mails.filter((m) => m.to === 'sara@demo.portal').at(-1)!;
    const hash = invite.link!.match(/\/recuperar-senha\/([\w-]+)$/)![1]!;
    expect((await post('/change-password-new', { hash, password: 'Sara#Senha2026' })).statusCode).toBe(200);
    const signIn = await post('/login', { email: 'sara@demo.portal', password: 'Sara#Senha2026' });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(signIn.json().user).toMatchObject({ telefone: '11987654321', cnpj: '52998224725' });
    const validate = await t.app.inject({
      method: 'GET',
      url: '/api/validate',
      headers: bearer(signIn.json().token),
    });
    expect(validate.statusCode).toBe(200);
    expect(validate.json().user).toMatchObject({
      name: 'Sara Solicitante',
      email: 'sara@demo.portal',
      telefone: '11987654321',
      cnpj: '52998224725',
    });
  });

  it('an invalid CPF or CNPJ → 422 "CPF/CNPJ inválido" naming the field, nothing stored', async () => {
    for (const [i, cnpj] of ['111.111.111-11', '529.982.247-26', '48.392.015/0001-70', '123'].entries()) {
      const email = `doc.errado${i}@demo.portal`;
      const res = await admin.post('/usuarios/add', user(email, { cnpj }));
      expect(res.status, cnpj).toBe(422);
      expect(res.body).toEqual({ error: 1, msg: 'CPF/CNPJ inválido', campo: 'cnpj' });
      expect(await stored(email)).toBeUndefined();
    }
  });

  it('a phone with letters, too few or too many digits → 4xx naming Telefone, nothing stored', async () => {
    for (const [i, telefone] of ['(11) ABCD-1234', '1234', '+55 (11) 98765-4321', '119876543210'].entries()) {
      const email = `fone.errado${i}@demo.portal`;
      const res = await admin.post('/usuarios/add', user(email, { telefone }));
      expect(res.status, telefone).toBeGreaterThanOrEqual(400);
      expect(res.status, telefone).toBeLessThan(500);
      expect(res.body).toMatchObject({ error: 1, campo: 'telefone', msg: 'O campo Telefone é inválido.' });
      expect(await stored(email)).toBeUndefined();
    }
  });

  it('a number instead of text is refused (400) naming the field, not coerced', async () => {
    const phone = await admin.post('/usuarios/add', user('tipo.fone@demo.portal', { telefone: 11987654321 }));
    expect(phone.status).toBe(400);
    expect(phone.body).toEqual({ error: 1, msg: 'O campo Telefone é inválido.', campo: 'telefone' });
    const doc = await admin.post('/usuarios/add', user('tipo.doc@demo.portal', { cnpj: 52998224725 }));
    expect(doc.status).toBe(400);
    expect(doc.body).toEqual({ error: 1, msg: 'CPF/CNPJ inválido', campo: 'cnpj' });
    expect(await stored('tipo.fone@demo.portal')).toBeUndefined();
    expect(await stored('tipo.doc@demo.portal')).toBeUndefined();
  });

  it('both are optional: blank clears them, an edit that omits them keeps them', async () => {
    const created = await admin.post(
      '/usuarios/add',
      user('opcional@demo.portal', { telefone: '1133334444', cnpj: '' }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { id, version } = created.body.dados;
    expect(created.body.dados).toMatchObject({ telefone: '1133334444', cnpj: null });
    const kept = await admin.post('/usuarios/edit', { ...user('opcional@demo.portal'), id, version });
    expect(kept.body.dados).toMatchObject({ telefone: '1133334444' });
    const cleared = await admin.post('/usuarios/edit', {
      ...user('opcional@demo.portal', { telefone: '', cnpj: null }),
      id,
      version: kept.body.dados.version,
    });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body.dados).toMatchObject({ telefone: null, cnpj: null });
    expect(await stored('opcional@demo.portal')).toMatchObject({ telefone: null, cnpj: null });
  });
});

describe('who may change them: the rules of any other user field', () => {
  it('a caller without the "usuários" flag cannot set another user\'s phone or CPF/CNPJ (403)', async () => {
    const target = await listed('sara@demo.portal');
    const res = await requester.post('/usuarios/edit', {
      ...target,
      telefone: '(31) 90000-0000',
      cnpj: '74.261.539/0001-30',
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 1 });
    expect(await stored('sara@demo.portal')).toMatchObject({ telefone: '11987654321', cnpj: '52998224725' });
  });

  it("a user manager who is not profile 1 cannot change an administrator's phone or CPF/CNPJ", async () => {
    const target = await listed('admin@demo.portal');
    const before = await stored('admin@demo.portal');
    const res = await provider.post('/usuarios/edit', {
      ...target,
      telefone: '(11) 90000-0000',
      cnpj: '529.982.247-25',
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 1, msg: ONLY_ADMIN_GRANTS_ADMIN, campo: 'id_perfil' });
    expect(await stored('admin@demo.portal')).toMatchObject({
      telefone: before!.telefone,
      cnpj: before!.cnpj,
    });
  });

  it('a user manager who is not profile 1 may change them on a user of their role kind, validated alike', async () => {
    // In the provider's own company: only the cell administers users of the telecom's (issue 30).
    const { id_empresa } = await listed('amee@demo.portal');
    const created = await admin.post(
      '/usuarios/add',
      user('colega.amee@demo.portal', { id_grupo: GROUP.AMEE, id_empresa }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const target = await listed('colega.amee@demo.portal');
    const invalid = await provider.post('/usuarios/edit', { ...target, cnpj: '000.000.000-00' });
    expect(invalid.status).toBe(422);
    expect(invalid.body).toEqual({ error: 1, msg: 'CPF/CNPJ inválido', campo: 'cnpj' });
    const res = await provider.post('/usuarios/edit', {
      ...target,
      telefone: '(31) 3222-1100',
      cnpj: '74.261.539/0001-30',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.dados).toMatchObject({ telefone: '3132221100', cnpj: '74261539000130' });
  });
});
