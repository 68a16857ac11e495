import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP, PROFILE } from '@portal/domain';
import { findUserRecord } from '../../src/auth/session-user.ts';
import { usuarios } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { signedIn } from './support.ts';

/**
 * Issue 9 ("Also"): a user's phone and CPF/CNPJ are kept with the user, so 'Dados do Solicitante'
 * (spec part 1 §3, filled from the session) is complete on the requests they file.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let empresaId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t.app, 'admin@demo.portal');
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

describe("a user's phone and CPF/CNPJ", () => {
  it('are stored as typed (the tax id without punctuation) and read back by usuarios/list', async () => {
    const res = await admin.post(
      '/usuarios/add',
      user('sara@demo.portal', { telefone: '(11) 98765-4321', cnpj: '529.982.247-25' }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.dados).toMatchObject({ telefone: '(11) 98765-4321', cnpj: '52998224725' });
  });

  it('reach the session, which fills Dados do Solicitante', async () => {
    const [row] = await t.app.db.select().from(usuarios).where(eq(usuarios.email, 'sara@demo.portal'));
    const record = await findUserRecord(t.app.db, { id: row!.id });
    expect(record!.user).toMatchObject({ telefone: '(11) 98765-4321', cnpj: '52998224725' });
  });

  it('an invalid CPF/CNPJ → 422 "CPF/CNPJ inválido" naming the field, nothing stored', async () => {
    const res = await admin.post('/usuarios/add', user('cpf.errado@demo.portal', { cnpj: '111.111.111-11' }));
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error: 1, msg: 'CPF/CNPJ inválido', campo: 'cnpj' });
    expect(
      await t.app.db.select().from(usuarios).where(eq(usuarios.email, 'cpf.errado@demo.portal')),
    ).toEqual([]);
  });

  it('a phone with letters or too few digits → 4xx naming Telefone', async () => {
    for (const telefone of ['(11) ABCD-1234', '1234']) {
      const res = await admin.post(
        '/usuarios/add',
        user(`fone.${telefone.length}@demo.portal`, { telefone }),
      );
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body).toMatchObject({ campo: 'telefone', msg: 'O campo Telefone é inválido.' });
    }
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
      ...user('opcional@demo.portal', { telefone: '' }),
      id,
      version: kept.body.dados.version,
    });
    expect(cleared.body.dados).toMatchObject({ telefone: null });
  });
});
