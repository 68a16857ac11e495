import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP, ONLY_CELL_OTHER_SIDE, PROFILE } from '@portal/domain';
import { usuarios } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { providerAdministrator, signedIn } from './support.ts';

/**
 * Issue 30: a user administrator outside the cell (the provider's) creates and edits users only in
 * companies, and groups, of its own side; never in the telecom's. Only the cell administers both.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
/** The provider's operator: the "usuários" flag, profile 4. */
let provider: Awaited<ReturnType<typeof signedIn>>;
/** An administrator (profile 1) of the provider's group. */
let providerAdmin: Awaited<ReturnType<typeof signedIn>>;
const company: Record<'telecom' | 'provedor' | 'tower', number> = { telecom: 0, provedor: 0, tower: 0 };

const stored = async (email: string) =>
  (await t.app.db.select().from(usuarios).where(eq(usuarios.email, email)))[0];
const listed = async (email: string) =>
  (await admin.post('/usuarios/list', { q: email })).body.dados.find(
    (u: { email: string }) => u.email === email,
  );
const newUser = (email: string, overrides: object = {}) => ({
  name: 'Pessoa de Teste',
  email,
  id_empresa: company.provedor,
  id_grupo: GROUP.AMEE,
  id_perfil: PROFILE.CADASTRO_UC,
  regionais: [],
  id_status: 1,
  ...overrides,
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t.app, 'admin@demo.portal');
  provider = await signedIn(t.app, 'amee@demo.portal');
  const { empresas } = (await admin.get('/usuarios/opcoes')).body.dados;
  const byName = (start: string) =>
    empresas.find(
      (e: { razao_social: string; fluxo: string }) =>
        e.fluxo === 'energia' && e.razao_social.startsWith(start),
    ).id;
  company.telecom = byName('Operadora Telecom');
  company.provedor = byName('Xerox/AM');
  company.tower = byName('Torres Brasil');
  providerAdmin = await providerAdministrator(t.app, admin, 'chefe.provedor@teste.portal', company.provedor);
});
afterAll(() => t.close());

describe('a user administrator outside the cell administers users only of its own side', () => {
  it("the provider cannot create a user in the telecom's company, nothing stored", async () => {
    const res = await provider.post(
      '/usuarios/add',
      newUser('infiltrado@teste.portal', { id_empresa: company.telecom }),
    );
    expect(res).toMatchObject({
      status: 403,
      body: { error: 1, msg: ONLY_CELL_OTHER_SIDE, campo: 'id_empresa' },
    });
    expect(await stored('infiltrado@teste.portal')).toBeUndefined();
  });

  it("the provider's administrator (profile 1) cannot create a user in the telecom's company nor in a telecom group", async () => {
    const inCompany = await providerAdmin.post(
      '/usuarios/add',
      newUser('infiltrado2@teste.portal', { id_empresa: company.telecom }),
    );
    expect(inCompany).toMatchObject({
      status: 403,
      body: { msg: ONLY_CELL_OTHER_SIDE, campo: 'id_empresa' },
    });
    const inGroup = await providerAdmin.post(
      '/usuarios/add',
      newUser('celula.falsa@teste.portal', { id_grupo: GROUP.CELULA }),
    );
    expect(inGroup).toMatchObject({ status: 403, body: { msg: ONLY_CELL_OTHER_SIDE, campo: 'id_grupo' } });
    expect(await stored('infiltrado2@teste.portal')).toBeUndefined();
    expect(await stored('celula.falsa@teste.portal')).toBeUndefined();
  });

  it("a forged company id of the telecom's side (a company the select never offers) is refused alike", async () => {
    const res = await provider.post(
      '/usuarios/add',
      newUser('forjado@teste.portal', { id_empresa: company.tower }),
    );
    expect(res).toMatchObject({ status: 403, body: { msg: ONLY_CELL_OTHER_SIDE, campo: 'id_empresa' } });
    const absent = await provider.post(
      '/usuarios/add',
      newUser('forjado@teste.portal', { id_empresa: 2_000_000 }),
    );
    expect(absent).toMatchObject({
      status: 422,
      body: { msg: 'Empresa não encontrada.', campo: 'id_empresa' },
    });
    expect(await stored('forjado@teste.portal')).toBeUndefined();
  });

  it("the provider's administrator cannot edit nor delete a user of the telecom's side", async () => {
    const regional = await listed('regional@demo.portal');
    const edit = await providerAdmin.post('/usuarios/edit', { ...regional, name: 'Renomeado pelo provedor' });
    expect(edit).toMatchObject({ status: 403, body: { msg: ONLY_CELL_OTHER_SIDE } });
    const removal = await providerAdmin.post('/usuarios/delete', { id: regional.id });
    expect(removal).toMatchObject({ status: 403, body: { msg: ONLY_CELL_OTHER_SIDE } });
    expect(await stored('regional@demo.portal')).toMatchObject({ name: regional.name, ativo: true });
  });

  it("the provider cannot move a user of its own into the telecom's company", async () => {
    expect((await provider.post('/usuarios/add', newUser('colega@teste.portal'))).status).toBe(200);
    const colleague = await listed('colega@teste.portal');
    const res = await provider.post('/usuarios/edit', { ...colleague, id_empresa: company.telecom });
    expect(res).toMatchObject({ status: 403, body: { msg: ONLY_CELL_OTHER_SIDE, campo: 'id_empresa' } });
    expect((await stored('colega@teste.portal'))!.idEmpresa).toBe(company.provedor);
  });

  it('within its own side the provider creates and edits; the cell administers both sides', async () => {
    expect((await provider.post('/usuarios/add', newUser('proprio@teste.portal'))).status).toBe(200);
    const own = await listed('proprio@teste.portal');
    expect((await provider.post('/usuarios/edit', { ...own, name: 'Nome Novo' })).status).toBe(200);
    const moved = await admin.post('/usuarios/edit', {
      ...(await listed('proprio@teste.portal')),
      id_empresa: company.telecom,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  });

  it("the user form's options say each company's side, so the select offers only the allowed ones", async () => {
    const { empresas } = (await provider.get('/usuarios/opcoes')).body.dados;
    const sideOf = (id: number) => empresas.find((e: { id: number }) => e.id === id).lado;
    expect(sideOf(company.telecom)).toBe('operadora');
    expect(sideOf(company.tower)).toBe('operadora');
    expect(sideOf(company.provedor)).toBe('provedor');
  });
});
