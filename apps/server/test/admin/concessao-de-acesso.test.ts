import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_SETS_NO_PASSWORD,
  flagNotHeld,
  GROUP,
  NO_OWN_ACCESS_CHANGE,
  NO_OWN_GROUP_CHANGE,
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
  await t.app.db
    .insert(grupos)
    .values({
      id: KEEPERS,
      nome: 'Cadastro de usuários',
      papel: 'grupo_tim',
      cadastro: true,
      usuarios: true,
    });
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
    const [tower] = await t.app.db.select().from(grupos).where(eq(grupos.id, GROUP.TOWER));
    const res = await userKeeper.post('/grupos/edit', { ...tower, relatorios: true });
    expect(res).toMatchObject({ status: 403, body: { msg: flagNotHeld('relatorios'), campo: 'relatorios' } });
    const [after] = await t.app.db.select().from(grupos).where(eq(grupos.id, GROUP.TOWER));
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
    const [tower] = await t.app.db.select().from(grupos).where(eq(grupos.id, GROUP.TOWER));
    expect((await userKeeper.post('/grupos/edit', { ...tower, usuarios: true })).status).toBe(200);
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
    const provider = await signedIn(t.app, 'amee@demo.portal');
    const listed = await provider.post('/usuarios/list', { q: 'celula@demo.portal' });
    const victim = (listed.body.dados as { email: string }[]).find((u) => u.email === 'celula@demo.portal')!;
    const res = await provider.post('/usuarios/edit', { ...victim, email: 'atacante@evil.example' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ campo: 'email' });
    expect(res.body.msg).toMatch(/^Só um Administrador \(perfil 1\) altera o e-mail de outro usuário/);
    const [after] = await t.app.db.select().from(usuarios).where(eq(usuarios.email, 'celula@demo.portal'));
    expect(after).toBeDefined();
  });
});
