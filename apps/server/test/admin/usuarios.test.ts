import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP, PROFILE, REGIONAL_IDS, SELECT_ONE_REGIONAL } from '@portal/domain';
import { hashPassword } from '../../src/auth/passwords.ts';
import { auditLog, historicoStatus, solicitacoes, usuarios } from '../../src/db/schema.ts';
import { createTestApp, type TestApp, runQueue } from '../support/test-app.ts';
import { lastAudit, signedIn } from './support.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let empresaId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t.app, 'admin@demo.portal');
  empresaId = (await admin.get('/usuarios/opcoes')).body.dados.empresas[0].id;
});
afterAll(() => t.close());

const newUser = (overrides: object = {}) => ({
  name: 'Rita Regional Nova',
  email: 'rita.nova@demo.portal',
  id_empresa: empresaId,
  id_grupo: GROUP.REGIONAL,
  id_perfil: PROFILE.CADASTRO_UC,
  regionais: '5,7',
  id_status: 1,
  ...overrides,
});

describe('usuarios/add', () => {
  it('[ADMIN][CREATE]: a Regional user is created with trocar_senha 0 and gets an e-mail to create the password', async () => {
    await runQueue(t.app);
    const mails = t.mails.length;
    const res = await admin.post('/usuarios/add', newUser());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      error: 0,
      msg: 'Salvo com sucesso. Enviamos ao usuário um e-mail para criar a senha.',
    });
    expect(res.body.dados).toMatchObject({
      name: 'Rita Regional Nova',
      email: 'rita.nova@demo.portal',
      id_grupo: GROUP.REGIONAL,
      papel: 'regional',
      regionais: [5, 7],
      id_regional: 5,
      id_status: true,
      trocar_senha: 0,
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password|hash|argon/i);
    await runQueue(t.app);
    expect(t.mails).toHaveLength(mails + 1);
    expect(t.mails.at(-1)).toMatchObject({ to: 'rita.nova@demo.portal' });
  });

  it('the audit row records who created whom, without any password hash', async () => {
    const [created] = await t.app.db
      .select()
      .from(usuarios)
      .where(eq(usuarios.email, 'rita.nova@demo.portal'));
    const audit = await lastAudit(t.app, 'usuario', created!.id, 'criar');
    const [adminRow] = await t.app.db.select().from(usuarios).where(eq(usuarios.email, 'admin@demo.portal'));
    expect(audit).toMatchObject({ acao: 'criar', idUsuario: adminRow!.id, antes: null });
    expect(audit!.depois).toMatchObject({ email: 'rita.nova@demo.portal' });
    expect(JSON.stringify(audit)).not.toContain(created!.passwordHash);
    expect(JSON.stringify(audit)).not.toMatch(/argon2/);
  });

  it("a duplicate e-mail (any case) is refused with 'E-mail já cadastrado.' and nothing is written", async () => {
    const before = await t.app.db.select().from(usuarios);
    const res = await admin.post(
      '/usuarios/add',
      newUser({ name: 'Outra', email: ' Rita.Nova@DEMO.portal ' }),
    );
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ error: 1, msg: 'E-mail já cadastrado.', campo: 'email' });
    expect(await t.app.db.select().from(usuarios)).toHaveLength(before.length);
  });

  it('an invalid e-mail is refused, naming the field', async () => {
    const res = await admin.post('/usuarios/add', newUser({ email: 'sem-arroba' }));
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error: 1, campo: 'email' });
    expect(res.body.msg).toContain('E-mail');
  });

  it(`a Regional user without any regional is refused: '${SELECT_ONE_REGIONAL}'`, async () => {
    const res = await admin.post(
      '/usuarios/add',
      newUser({ email: 'sem.regional@demo.portal', regionais: '' }),
    );
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ error: 1, msg: SELECT_ONE_REGIONAL, campo: 'regionais' });
    expect(
      await t.app.db.select().from(usuarios).where(eq(usuarios.email, 'sem.regional@demo.portal')),
    ).toEqual([]);
  });

  it('an Energy Efficiency user gets all seven regionals, whatever was ticked', async () => {
    const res = await admin.post(
      '/usuarios/add',
      newUser({ email: 'ee@demo.portal', id_grupo: GROUP.ENERGY_EFFICIENCY, regionais: [2] }),
    );
    expect(res.status).toBe(200);
    expect(res.body.dados.regionais).toEqual([...REGIONAL_IDS]);
  });

  it('a user of another group keeps only the regionals ticked (none is fine)', async () => {
    const res = await admin.post(
      '/usuarios/add',
      newUser({ email: 'tower2@demo.portal', id_grupo: GROUP.TOWER, regionais: [] }),
    );
    expect(res.status).toBe(200);
    expect(res.body.dados).toMatchObject({ regionais: [], id_regional: null });
  });

  it('unknown group, company or regional are refused by name', async () => {
    expect(
      (await admin.post('/usuarios/add', newUser({ email: 'x1@demo.portal', id_grupo: 99 }))).body,
    ).toMatchObject({ msg: 'Grupo de Acesso não encontrado.', campo: 'id_grupo' });
    expect(
      (await admin.post('/usuarios/add', newUser({ email: 'x2@demo.portal', id_empresa: 9999 }))).body,
    ).toMatchObject({ msg: 'Empresa não encontrada.', campo: 'id_empresa' });
    expect(
      (await admin.post('/usuarios/add', newUser({ email: 'x3@demo.portal', regionais: [99] }))).body,
    ).toMatchObject({ msg: 'Regional inválida.', campo: 'regionais' });
  });

  it('a new user gets a random password, trocar_senha 0, and an e-mail with the link to create theirs', async () => {
    await runQueue(t.app);
    const mails = t.mails.length;
    const res = await admin.post(
      '/usuarios/add',
      newUser({ email: 'convite@demo.portal', id_grupo: GROUP.SOLICITANTE }),
    );
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('Salvo com sucesso. Enviamos ao usuário um e-mail para criar a senha.');
    expect(res.body.dados.trocar_senha).toBe(0);
    await runQueue(t.app);
    expect(t.mails).toHaveLength(mails + 1);
    expect(t.mails.at(-1)).toMatchObject({ to: 'convite@demo.portal' });
    expect(t.mails.at(-1)!.link).toMatch(/^http:\/\/portal\.test\/recuperar-senha\/.+/);
  });
});

describe('usuarios/edit', () => {
  it('changes fields, keeps the password, and audits before → after', async () => {
    const [row] = await t.app.db.select().from(usuarios).where(eq(usuarios.email, 'rita.nova@demo.portal'));
    const res = await admin.post('/usuarios/edit', {
      ...newUser({ id: row!.id, name: 'Rita Renomeada', regionais: [1] }),
      password: '',
    });
    expect(res.status).toBe(200);
    expect(res.body.dados).toMatchObject({ name: 'Rita Renomeada', regionais: [1], id_regional: 1 });
    const [after] = await t.app.db.select().from(usuarios).where(eq(usuarios.id, row!.id));
    expect(after!.passwordHash).toBe(row!.passwordHash);
    const audit = await lastAudit(t.app, 'usuario', row!.id);
    expect(audit).toMatchObject({
      acao: 'editar',
      antes: { name: 'Rita Regional Nova' },
      depois: { name: 'Rita Renomeada' },
    });
  });

  it('edit requires an id, and an unknown id is a 404', async () => {
    expect((await admin.post('/usuarios/edit', newUser())).status).toBe(400);
    expect((await admin.post('/usuarios/edit', newUser({ id: 99999 }))).status).toBe(404);
  });

  it('an administrator cannot deactivate or delete themselves', async () => {
    const me = (await admin.post('/usuarios/list', { q: 'admin@demo' })).body.dados[0];
    const res = await admin.post('/usuarios/edit', { ...me, id_status: 0, regionais: me.regionais });
    expect(res).toMatchObject({
      status: 422,
      body: { msg: 'Você não pode desativar o seu próprio usuário.' },
    });
    expect((await admin.post('/usuarios/delete', { id: me.id })).status).toBe(422);
  });
});

describe('usuarios/list', () => {
  it('pages, counts, sorts and never returns a password hash', async () => {
    const page1 = await admin.post('/usuarios/list', { per_page: 5, page: 1, sort: 'email', order: 'asc' });
    const page2 = await admin.post('/usuarios/list', { per_page: 5, page: 2, sort: 'email', order: 'asc' });
    const total = (await t.app.db.select().from(usuarios)).length;
    expect(page1.body.total).toBe(total);
    expect(page1.body.dados).toHaveLength(5);
    const emails = [...page1.body.dados, ...page2.body.dados].map((u: { email: string }) => u.email);
    expect(emails).toEqual([...emails].sort());
    expect(new Set(emails).size).toBe(emails.length);
    expect(JSON.stringify(page1.body)).not.toMatch(/password|\$argon2/);
  });

  it('searches name, e-mail and company ignoring case and accents, word by word', async () => {
    const byAccent = await admin.post('/usuarios/list', { q: 'claudio' });
    expect(byAccent.body.dados.map((u: { name: string }) => u.name)).toEqual(['Cláudio Consulta']);
    const byWords = await admin.post('/usuarios/list', { q: 'consulta CLÁUDIO' });
    expect(byWords.body.total).toBe(1);
    const byCompany = await admin.post('/usuarios/list', { q: 'torres brasil' });
    expect(byCompany.body.dados.map((u: { email: string }) => u.email)).toEqual(['tower@demo.portal']);
  });

  it('filters active/inactive with status 1/0, reads one by id, refuses an unknown sort column', async () => {
    const active = await admin.post('/usuarios/list', { status: 1, per_page: 50 });
    expect(active.body.dados.every((u: { id_status: boolean }) => u.id_status)).toBe(true);
    const one = await admin.post('/usuarios/list', { id: active.body.dados[0].id });
    expect(one.body.dados).toMatchObject({ id: active.body.dados[0].id });
    expect(one.body.total).toBeUndefined();
    expect((await admin.post('/usuarios/list', { sort: 'password_hash' })).body).toMatchObject({
      error: 1,
      msg: 'Ordenação inválida.',
    });
    expect((await admin.post('/usuarios/list', { per_page: 7 })).status).toBe(422);
  });
});

describe('usuarios/delete', () => {
  it('a user without history is deleted', async () => {
    const [row] = await t.app.db.select().from(usuarios).where(eq(usuarios.email, 'tower2@demo.portal'));
    const res = await admin.post('/usuarios/delete', { id: row!.id });
    expect(res.body).toEqual({ error: 0, msg: 'Apagado com sucesso!', desativado: false });
    expect(await t.app.db.select().from(usuarios).where(eq(usuarios.id, row!.id))).toEqual([]);
    expect(await lastAudit(t.app, 'usuario', row!.id)).toMatchObject({
      acao: 'apagar',
      antes: { email: 'tower2@demo.portal' },
    });
  });

  it('a user with requests or status history is deactivated instead, and can no longer sign in', async () => {
    const [row] = await t.app.db.select().from(usuarios).where(eq(usuarios.email, 'rita.nova@demo.portal'));
    const [req] = await t.app.db
      .insert(solicitacoes)
      .values({ fluxo: 'energia', tipo: 'nova', status: 0, idUsuario: row!.id, idEmpresa: empresaId })
      .returning();
    await t.app.db
      .insert(historicoStatus)
      .values({ idSolicitacao: req!.id, idUsuario: row!.id, nome: row!.name, status: 0 });
    const res = await admin.post('/usuarios/delete', { id: row!.id });
    expect(res.body).toMatchObject({ error: 0, desativado: true });
    expect(res.body.msg).toMatch(/desativado/);
    const [after] = await t.app.db.select().from(usuarios).where(eq(usuarios.id, row!.id));
    expect(after!.ativo).toBe(false);
    // Even with the right password: an inactive account is told so only to its owner.
    await t.app.db
      .update(usuarios)
      .set({ passwordHash: await hashPassword('Senha-da-Rita-1') })
      .where(eq(usuarios.id, row!.id));
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'rita.nova@demo.portal', password: 'Senha-da-Rita-1' },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().msg).toBe('Usuário inativo. Procure o administrador do portal.');
    expect(await lastAudit(t.app, 'usuario', row!.id)).toMatchObject({
      acao: 'desativar',
      depois: { id_status: false },
    });
  });
});

describe('usuarios/enviar-redefinicao-senha', () => {
  it('e-mails the user a reset link and records which administrator asked', async () => {
    const [row] = await t.app.db.select().from(usuarios).where(eq(usuarios.email, 'tower@demo.portal'));
    await runQueue(t.app);
    const mails = t.mails.length;
    const res = await admin.post('/usuarios/enviar-redefinicao-senha', { id: row!.id });
    expect(res.body).toEqual({
      error: 0,
      msg: 'E-mail de redefinição de senha enviado para tower@demo.portal.',
    });
    await runQueue(t.app);
    expect(t.mails).toHaveLength(mails + 1);
    expect(t.mails.at(-1)).toMatchObject({ to: 'tower@demo.portal' });
    const audits = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.acao, 'enviar-redefinicao-senha'));
    expect(audits.at(-1)).toMatchObject({ entidadeId: String(row!.id) });
  });

  it('an inactive user is refused with a reason, and no e-mail goes out', async () => {
    const [row] = await t.app.db.select().from(usuarios).where(eq(usuarios.email, 'rita.nova@demo.portal'));
    await runQueue(t.app);
    const mails = t.mails.length;
    const res = await admin.post('/usuarios/enviar-redefinicao-senha', { id: row!.id });
    expect(res).toMatchObject({
      status: 422,
      body: { msg: 'Usuário inativo: ative-o antes de enviar a redefinição de senha.' },
    });
    await runQueue(t.app);
    expect(t.mails).toHaveLength(mails);
  });
});

describe('usuarios/opcoes', () => {
  it("lists the user form's companies, groups, profiles and regionals", async () => {
    const { dados } = (await admin.get('/usuarios/opcoes')).body;
    expect(dados.perfis).toEqual([
      { id: 1, nome: 'Administrador' },
      { id: 2, nome: 'Troca de Titularidade/Consulta' },
      { id: 3, nome: 'Consulta' },
      { id: 4, nome: 'Cadastro de UC' },
    ]);
    expect(dados.regionais.map((r: { regional: string }) => r.regional)).toEqual([
      'TCO',
      'TNO',
      'TLE',
      'TNE',
      'TRJ',
      'TSL',
      'TSP',
    ]);
    expect(dados.grupos).toEqual(
      expect.arrayContaining([
        { id: GROUP.REGIONAL, nome: 'Regional', papel: 'regional', papel_nome: 'Regional' },
      ]),
    );
    expect(dados.empresas.length).toBeGreaterThanOrEqual(5);
  });
});
