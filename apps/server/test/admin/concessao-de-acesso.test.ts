import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_SETS_NO_PASSWORD,
  flagNotHeld,
  GROUP,
  NO_OWN_ACCESS_CHANGE,
  NO_OWN_COMPANY_REMOVAL,
  NO_OWN_GROUP_CHANGE,
  ONLY_ADMIN_CHANGES_EMAIL,
  ONLY_ADMIN_EDITS_ADMIN_GROUP,
  ONLY_ADMIN_OTHER_ROLE_KIND,
  ONLY_ADMIN_REMOVES_ADMIN_COMPANY,
  ONLY_ADMIN_GRANTS_ADMIN,
  PROFILE,
} from '@portal/domain';
import { hashPassword } from '../../src/auth/passwords.ts';
import { grupos, usuarios } from '../../src/db/schema.ts';
import { DEMO_PASSWORD } from '../../src/db/seed/demo-data.ts';
import { createTestApp, login, type TestApp } from '../support/test-app.ts';
import { signedIn } from './support.ts';

/**
 * Issue 9 item 3: the "usuários" flag administers users, it does not make its holder an
 * administrator. Only profile 1 grants profile 1 or flags the granter lacks; nobody changes their
 * own group, profile or flags; nobody sets another user's password.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
/** The external provider (22802443, every flag, profile 4 "Cadastro de UC"). */
let provider: Awaited<ReturnType<typeof signedIn>>;
/** A group holding only "cadastro" and "usuários", and one user of it. */
let userKeeper: Awaited<ReturnType<typeof signedIn>>;
const KEEPERS = 23300001;
/** Another group of the keepers' role kind (grupo_tim), holding only "cadastro". */
const SAME_KIND = 23300003;

const userByEmail = async (email: string) =>
  (await admin.post('/usuarios/list', { q: email })).body.dados.find(
    (u: { email: string }) => u.email === email,
  );
const storedUser = async (email: string) =>
  (await t.app.db.select().from(usuarios).where(eq(usuarios.email, email)))[0]!;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t.app, 'admin@demo.portal');
  provider = await signedIn(t.app, 'amee@demo.portal');
  await t.app.db.insert(grupos).values({
    id: KEEPERS,
    nome: 'Cadastro de usuários',
    papel: 'grupo_tim',
    cadastro: true,
    usuarios: true,
  });
  await t.app.db
    .insert(grupos)
    .values({ id: SAME_KIND, nome: 'Cadastro TIM', papel: 'grupo_tim', cadastro: true });
  const empresa = (await admin.get('/usuarios/opcoes')).body.dados.empresas[0].id;
  await t.app.db.insert(usuarios).values({
    name: 'Guarda de Usuários',
    email: 'guarda@teste.portal',
    passwordHash: await hashPassword(DEMO_PASSWORD),
    idEmpresa: empresa,
    idGrupo: KEEPERS,
    idPerfil: PROFILE.CADASTRO_UC,
    trocarSenha: 1,
  });
  userKeeper = await signedIn(t.app, 'guarda@teste.portal');
});
afterAll(() => t.close());

describe("nobody sets another user's password: the reset e-mail does it", () => {
  it("the provider cannot set the administrator's password; the old one still signs in", async () => {
    const target = await userByEmail('admin@demo.portal');
    const before = await storedUser('admin@demo.portal');
    const res = await provider.post('/usuarios/edit', { ...target, password: 'Tomada-de-Conta-1' });
    expect(res.status).toBe(403);
    expect((await storedUser('admin@demo.portal')).passwordHash).toBe(before.passwordHash);
    await expect(login(t.app, 'admin@demo.portal')).resolves.toBeTruthy();
  });

  it('not even profile 1 sets a password, on edit or on create', async () => {
    const target = await userByEmail('tower@demo.portal');
    const edit = await admin.post('/usuarios/edit', { ...target, password: 'Senha-Escolhida-1' });
    expect(edit).toMatchObject({
      status: 403,
      body: { error: 1, msg: ADMIN_SETS_NO_PASSWORD, campo: 'password' },
    });
    const add = await admin.post('/usuarios/add', {
      ...target,
      id: undefined,
      version: undefined,
      email: 'com.senha@teste.portal',
      password: 'Senha-Escolhida-1',
    });
    expect(add.status).toBe(403);
    expect(await userByEmail('com.senha@teste.portal')).toBeUndefined();
  });

  it('a blank password (what an old form sends) is ignored, not refused', async () => {
    const target = await userByEmail('tower@demo.portal');
    expect((await admin.post('/usuarios/edit', { ...target, password: '' })).status).toBe(200);
  });
});

describe('only profile 1 grants or touches profile 1', () => {
  it('the provider cannot promote itself to Administrador', async () => {
    const me = await userByEmail('amee@demo.portal');
    const res = await provider.post('/usuarios/edit', { ...me, id_perfil: PROFILE.ADMINISTRADOR });
    expect(res).toMatchObject({ status: 403, body: { msg: NO_OWN_ACCESS_CHANGE, campo: 'id_perfil' } });
    expect((await storedUser('amee@demo.portal')).idPerfil).toBe(PROFILE.CADASTRO_UC);
  });

  it('the provider cannot make another user Administrador, nor create one', async () => {
    const other = await userByEmail('tower@demo.portal');
    const edit = await provider.post('/usuarios/edit', { ...other, id_perfil: PROFILE.ADMINISTRADOR });
    expect(edit).toMatchObject({ status: 403, body: { msg: ONLY_ADMIN_GRANTS_ADMIN } });
    const add = await provider.post('/usuarios/add', {
      ...other,
      id: undefined,
      version: undefined,
      email: 'novo.admin@teste.portal',
      id_perfil: PROFILE.ADMINISTRADOR,
    });
    expect(add.status).toBe(403);
    expect(await userByEmail('novo.admin@teste.portal')).toBeUndefined();
  });

  it('the provider cannot edit, demote or deactivate the administrator', async () => {
    const target = await userByEmail('admin@demo.portal');
    for (const change of [{ name: 'Outro Nome' }, { id_perfil: PROFILE.CONSULTA }, { id_status: 0 }]) {
      const res = await provider.post('/usuarios/edit', { ...target, ...change });
      expect(res.status).toBe(403);
    }
    expect(await storedUser('admin@demo.portal')).toMatchObject({
      name: target.name,
      ativo: true,
      idPerfil: PROFILE.ADMINISTRADOR,
    });
  });

  it('profile 1 may make another user Administrador', async () => {
    const other = await userByEmail('celula@demo.portal');
    const res = await admin.post('/usuarios/edit', { ...other, id_perfil: PROFILE.ADMINISTRADOR });
    expect(res.status).toBe(200);
    await admin.post('/usuarios/edit', {
      ...(await userByEmail('celula@demo.portal')),
      id_perfil: PROFILE.CADASTRO_UC,
    });
  });
});

describe('nobody changes their own group, profile or flags', () => {
  it('the provider cannot move itself to the cell', async () => {
    const me = await userByEmail('amee@demo.portal');
    const res = await provider.post('/usuarios/edit', { ...me, id_grupo: GROUP.CELULA });
    expect(res).toMatchObject({ status: 403, body: { msg: NO_OWN_ACCESS_CHANGE, campo: 'id_grupo' } });
    expect((await storedUser('amee@demo.portal')).idGrupo).toBe(GROUP.AMEE);
  });

  it("a group's own member cannot add flags to it, even one they hold", async () => {
    const [own] = await t.app.db.select().from(grupos).where(eq(grupos.id, KEEPERS));
    const res = await userKeeper.post('/grupos/edit', { ...own, relatorios: true });
    expect(res).toMatchObject({ status: 403, body: { msg: NO_OWN_GROUP_CHANGE } });
  });

  it('not even profile 1 changes the flags of their own group (no lock-out)', async () => {
    const [own] = await t.app.db.select().from(grupos).where(eq(grupos.id, GROUP.CELULA));
    expect((await admin.post('/grupos/edit', { ...own, usuarios: false })).status).toBe(403);
    const [after] = await t.app.db.select().from(grupos).where(eq(grupos.id, GROUP.CELULA));
    expect(after!.usuarios).toBe(true);
  });
});

describe('nobody grants a flag their group lacks (only profile 1 does)', () => {
  it('a group with only cadastro and usuários cannot give "relatórios" to another group', async () => {
    const [other] = await t.app.db.select().from(grupos).where(eq(grupos.id, SAME_KIND));
    const res = await userKeeper.post('/grupos/edit', { ...other, relatorios: true });
    expect(res).toMatchObject({ status: 403, body: { msg: flagNotHeld('relatorios'), campo: 'relatorios' } });
    const [after] = await t.app.db.select().from(grupos).where(eq(grupos.id, SAME_KIND));
    expect(after!.relatorios).toBe(false);
  });

  it('nor create a group with every flag', async () => {
    const res = await userKeeper.post('/grupos/add', {
      id: 23300002,
      nome: 'Todos os poderes',
      papel: 'celula',
      cadastro: true,
      cnpjs: true,
      relatorios: true,
      empresas: true,
      usuarios: true,
    });
    expect(res.status).toBe(403);
    expect(await t.app.db.select().from(grupos).where(eq(grupos.id, 23300002))).toHaveLength(0);
  });

  it('nor hand those flags out by moving a user into a group that holds them', async () => {
    const other = await userByEmail('tower@demo.portal');
    const res = await userKeeper.post('/usuarios/edit', { ...other, id_grupo: GROUP.CELULA });
    expect(res).toMatchObject({ status: 403, body: { campo: 'id_grupo' } });
    expect((await storedUser('tower@demo.portal')).idGrupo).toBe(GROUP.TOWER);
  });

  it('flags the granter holds may be given', async () => {
    const [other] = await t.app.db.select().from(grupos).where(eq(grupos.id, SAME_KIND));
    const res = await userKeeper.post('/grupos/edit', { ...other, usuarios: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('profile 1 grants any flag', async () => {
    const [tower] = await t.app.db.select().from(grupos).where(eq(grupos.id, GROUP.TOWER));
    expect((await admin.post('/grupos/edit', { ...tower, relatorios: true, usuarios: false })).status).toBe(
      200,
    );
  });
});

describe('hostile review: taking an account through the administration', () => {
  it('a non-administrator with the usuarios flag cannot delete or deactivate an administrator', async () => {
    const provider = await signedIn(t.app, 'amee@demo.portal');
    const [admin] = await t.app.db.select().from(usuarios).where(eq(usuarios.email, 'admin@demo.portal'));
    const res = await provider.post('/usuarios/delete', { id: admin!.id });
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('Só um Administrador (perfil 1) apaga ou desativa um Administrador.');
    const [after] = await t.app.db.select().from(usuarios).where(eq(usuarios.id, admin!.id));
    expect(after!.ativo).toBe(true);
  });

  it("a non-administrator cannot change another user's e-mail (the password link would follow it)", async () => {
    const victim = (await userByEmail('guarda@teste.portal')) as object;
    await admin.post('/usuarios/add', {
      ...victim,
      id: undefined,
      version: undefined,
      email: 'colega@teste.portal',
    });
    const colleague = await userByEmail('colega@teste.portal');
    const res = await userKeeper.post('/usuarios/edit', { ...colleague, email: 'atacante@evil.example' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 1, msg: ONLY_ADMIN_CHANGES_EMAIL, campo: 'email' });
    expect(await userByEmail('colega@teste.portal')).toBeDefined();
  });
});

describe('hostile review: a role kind, an administrator\'s group and one\'s own company are beyond the "usuários" flag', () => {
  const companyByCnpj = async (cnpj: string) =>
    (await admin.post('/empresas/list', { q: cnpj })).body.dados.find(
      (c: { cnpj: string }) => c.cnpj === cnpj,
    );
  const storedGroup = async (id: number) =>
    (await t.app.db.select().from(grupos).where(eq(grupos.id, id)))[0];

  it('the provider cannot create a user in the Célula group (another role kind), nothing stored', async () => {
    const template = await userByEmail('amee@demo.portal');
    const res = await provider.post('/usuarios/add', {
      ...template,
      id: undefined,
      version: undefined,
      email: 'celula.falsa@teste.portal',
      id_grupo: GROUP.CELULA,
    });
    expect(res).toMatchObject({
      status: 403,
      body: { error: 1, msg: ONLY_ADMIN_OTHER_ROLE_KIND, campo: 'id_grupo' },
    });
    expect(await userByEmail('celula.falsa@teste.portal')).toBeUndefined();
  });

  it('the provider cannot edit a user of another role kind, even only the name', async () => {
    const tower = await userByEmail('tower@demo.portal');
    const res = await provider.post('/usuarios/edit', { ...tower, name: 'Renomeado' });
    expect(res).toMatchObject({ status: 403, body: { msg: ONLY_ADMIN_OTHER_ROLE_KIND } });
    expect((await storedUser('tower@demo.portal')).name).toBe(tower.name);
  });

  it("the provider cannot strip a flag from the administrator's group", async () => {
    const [celula] = await t.app.db.select().from(grupos).where(eq(grupos.id, GROUP.CELULA));
    const res = await provider.post('/grupos/edit', { ...celula, usuarios: false });
    expect(res).toMatchObject({ status: 403, body: { error: 1, msg: ONLY_ADMIN_EDITS_ADMIN_GROUP } });
    expect((await storedGroup(GROUP.CELULA))!.usuarios).toBe(true);
  });

  it("the provider cannot change a group's role kind, create a group of another one, nor delete one", async () => {
    await admin.post('/grupos/add', { id: 23300004, nome: 'Apoio AME', papel: 'amee', cadastro: true });
    await admin.post('/grupos/add', { id: 23300005, nome: 'Torres novas', papel: 'tower', cadastro: true });
    const support = await storedGroup(23300004);
    const retyped = await provider.post('/grupos/edit', { ...support, papel: 'celula' });
    expect(retyped).toMatchObject({ status: 403, body: { msg: ONLY_ADMIN_OTHER_ROLE_KIND, campo: 'papel' } });
    expect((await storedGroup(23300004))!.papel).toBe('amee');
    const created = await provider.post('/grupos/add', {
      id: 23300006,
      nome: 'Célula 2',
      papel: 'celula',
      cadastro: true,
    });
    expect(created).toMatchObject({ status: 403, body: { msg: ONLY_ADMIN_OTHER_ROLE_KIND, campo: 'papel' } });
    expect(await storedGroup(23300006)).toBeUndefined();
    const deleted = await provider.post('/grupos/delete', { id: 23300005 });
    expect(deleted).toMatchObject({ status: 403, body: { msg: ONLY_ADMIN_OTHER_ROLE_KIND } });
    expect(await storedGroup(23300005)).toBeDefined();
  });

  it('within its own role kind the provider still administers groups', async () => {
    const support = await storedGroup(23300004);
    expect((await provider.post('/grupos/edit', { ...support, nome: 'Apoio AME Energia' })).status).toBe(200);
    expect((await provider.post('/grupos/delete', { id: 23300004 })).status).toBe(200);
    expect((await admin.post('/grupos/delete', { id: 23300005 })).status).toBe(200);
  });

  it('nobody moves themselves to another company', async () => {
    const me = await userByEmail('amee@demo.portal');
    const other = await companyByCnpj('48392015000179');
    const res = await provider.post('/usuarios/edit', { ...me, id_empresa: other.id });
    expect(res).toMatchObject({ status: 403, body: { msg: NO_OWN_ACCESS_CHANGE, campo: 'id_empresa' } });
    expect((await storedUser('amee@demo.portal')).idEmpresa).toBe(me.id_empresa);
  });

  it('the "empresas" flag does not take away its holder\'s own company, by edit or delete', async () => {
    const own = await companyByCnpj('27184563000133');
    const edit = await provider.post('/empresas/edit', { ...own, status: false });
    expect(edit).toMatchObject({ status: 403, body: { msg: NO_OWN_COMPANY_REMOVAL, campo: 'status' } });
    const del = await provider.post('/empresas/delete', { id: own.id });
    expect(del).toMatchObject({ status: 403, body: { msg: NO_OWN_COMPANY_REMOVAL } });
    expect((await companyByCnpj('27184563000133')).status).toBe(true);
  });

  it("nor an administrator's company; profile 1 deactivates a company that is not their own", async () => {
    const client = await companyByCnpj('48392015000179');
    const res = await provider.post('/empresas/delete', { id: client.id });
    expect(res).toMatchObject({ status: 403, body: { msg: ONLY_ADMIN_REMOVES_ADMIN_COMPANY } });
    expect((await companyByCnpj('48392015000179')).status).toBe(true);
    const tower = await companyByCnpj('35810274000120');
    const deactivated = await admin.post('/empresas/edit', { ...tower, status: false });
    expect(deactivated.status, JSON.stringify(deactivated.body)).toBe(200);
    await admin.post('/empresas/edit', { ...tower, version: deactivated.body.dados.version, status: true });
  });
});
