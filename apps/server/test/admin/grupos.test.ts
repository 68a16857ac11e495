import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP } from '@portal/domain';
import { grupos } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { lastAudit, signedIn } from './support.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t.app, 'admin@demo.portal');
});
afterAll(() => t.close());

const group = { id: 23200001, nome: 'Auditoria Interna', papel: 'grupo_tim', cadastro: 1, relatorios: true };

describe('grupos (Grupo de Acesso)', () => {
  it('lists the seeded groups with their codes, role kinds and flags, sorted by name by default', async () => {
    const res = await admin.post('/grupos/list', { per_page: 50 });
    expect(res.body.total).toBe((await t.app.db.select().from(grupos)).length);
    expect(res.body.dados).toEqual(
      expect.arrayContaining([
        {
          id: GROUP.REGIONAL,
          nome: 'Regional',
          papel: 'regional',
          papel_nome: 'Regional',
          cadastro: true,
          cnpjs: true,
          relatorios: true,
          empresas: true,
          usuarios: false,
          version: 1,
        },
      ]),
    );
    const names = res.body.dados.map((g: { nome: string }) => g.nome);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'pt-BR')));
    expect(
      (await admin.post('/grupos/list', { q: String(GROUP.TOWER) })).body.dados.map(
        (g: { id: number }) => g.id,
      ),
    ).toEqual([GROUP.TOWER]);
  });

  it('[ADMIN][CREATE]: a group with its numeric code; flags default to off; audited', async () => {
    const res = await admin.post('/grupos/add', group);
    expect(res.body).toMatchObject({
      error: 0,
      dados: {
        id: 23200001,
        nome: 'Auditoria Interna',
        papel: 'grupo_tim',
        cadastro: true,
        cnpjs: false,
        relatorios: true,
        empresas: false,
        usuarios: false,
      },
    });
    expect(await lastAudit(t.app, 'grupo', 23200001)).toMatchObject({
      acao: 'criar',
      depois: { nome: 'Auditoria Interna' },
    });
  });

  it('a code already in use, or an unknown role kind, is refused', async () => {
    expect((await admin.post('/grupos/add', { ...group, nome: 'Outro' })).body).toMatchObject({
      error: 1,
      msg: 'Código de Grupo já cadastrado.',
      campo: 'id',
    });
    const bad = await admin.post('/grupos/add', { ...group, id: 23200002, papel: 'superuser' });
    expect(bad).toMatchObject({ status: 422, body: { campo: 'papel' } });
  });

  it('edit changes name, role kind and flags; audit keeps before → after', async () => {
    const res = await admin.post('/grupos/edit', { ...group, nome: 'Auditoria', usuarios: 1 });
    expect(res.body.dados).toMatchObject({ nome: 'Auditoria', usuarios: true });
    expect(await lastAudit(t.app, 'grupo', 23200001)).toMatchObject({
      acao: 'editar',
      antes: { usuarios: false },
      depois: { usuarios: true },
    });
    expect((await admin.post('/grupos/edit', { ...group, id: 1 })).status).toBe(404);
  });

  it("nobody changes their own group's flags, not even an administrator (no lock-out, no self-grant)", async () => {
    const [own] = await t.app.db.select().from(grupos).where(eq(grupos.id, GROUP.CELULA));
    const res = await admin.post('/grupos/edit', { ...own, usuarios: false });
    expect(res).toMatchObject({
      status: 403,
      body: { msg: 'Você não pode alterar o papel ou as permissões do seu próprio grupo.' },
    });
  });

  it('a group with users cannot be deleted; an empty one can', async () => {
    const used = await admin.post('/grupos/delete', { id: GROUP.REGIONAL });
    expect(used.status).toBe(422);
    expect(used.body.msg).toMatch(/possui usuários/);
    expect(await t.app.db.select().from(grupos).where(eq(grupos.id, GROUP.REGIONAL))).toHaveLength(1);
    const res = await admin.post('/grupos/delete', { id: 23200001 });
    expect(res.body).toEqual({ error: 0, msg: 'Apagado com sucesso!', desativado: false });
    expect(await lastAudit(t.app, 'grupo', 23200001)).toMatchObject({ acao: 'apagar' });
  });
});
