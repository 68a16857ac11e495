import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP, ONLY_CELL_OTHER_SIDE, PROFILE } from '@portal/domain';
import { usuarios } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { providerAdministrator, signedIn } from '../admin/support.ts';

/**
 * Hostile review of issue 30, "a user administrator outside the cell creates and edits users only
 * in companies of its own side": the same rule tried through the user routes the fix covers
 * (deactivate only, change of group only) — these must hold.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let provider: Awaited<ReturnType<typeof signedIn>>;
let providerAdmin: Awaited<ReturnType<typeof signedIn>>;
let telecomCompany = 0;
let providerCompany = 0;

const listed = async (email: string) =>
  (await admin.post('/usuarios/list', { q: email })).body.dados.find(
    (u: { email: string }) => u.email === email,
  );
const stored = async (email: string) =>
  (await t.app.db.select().from(usuarios).where(eq(usuarios.email, email)))[0];

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t.app, 'admin@demo.portal');
  provider = await signedIn(t.app, 'amee@demo.portal');
  const { empresas } = (await admin.get('/usuarios/opcoes')).body.dados;
  const byName = (start: string) =>
    empresas.find(
      (e: { razao_social: string; fluxo: string }) =>
        e.fluxo === 'energia' && e.razao_social.startsWith(start),
    ).id as number;
  telecomCompany = byName('Operadora Telecom');
  providerCompany = byName('Xerox/AM');
  providerAdmin = await providerAdministrator(t.app, admin, 'chefe.lados@teste.portal', providerCompany);
});
afterAll(() => t.close());

describe('the side rule through the other user routes holds', () => {
  it('the provider cannot deactivate a telecom user by sending only id_status: 0', async () => {
    const regional = await listed('regional@demo.portal');
    const res = await provider.post('/usuarios/edit', { ...regional, id_status: 0 });
    // Refused by the role-kind rule before the side rule: either 403 keeps the user.
    expect(res.status).toBe(403);
    expect((await stored('regional@demo.portal'))!.ativo).toBe(true);
  });

  it("the provider's administrator cannot move a user of its own into a telecom group only (company unchanged)", async () => {
    const add = await providerAdmin.post('/usuarios/add', {
      name: 'Colega',
      email: 'colega.lados@teste.portal',
      id_empresa: providerCompany,
      id_grupo: GROUP.AMEE,
      id_perfil: PROFILE.CADASTRO_UC,
      regionais: [],
      id_status: 1,
    });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    const colleague = await listed('colega.lados@teste.portal');
    const res = await providerAdmin.post('/usuarios/edit', { ...colleague, id_grupo: GROUP.CELULA });
    expect(res).toMatchObject({ status: 403, body: { msg: ONLY_CELL_OTHER_SIDE, campo: 'id_grupo' } });
    expect((await stored('colega.lados@teste.portal'))!.idGrupo).toBe(GROUP.AMEE);
  });

  it("the provider's administrator cannot reactivate a deactivated telecom user", async () => {
    const tower = await listed('tower@demo.portal');
    expect((await admin.post('/usuarios/edit', { ...tower, id_status: 0 })).status).toBe(200);
    const res = await providerAdmin.post('/usuarios/edit', {
      ...(await listed('tower@demo.portal')),
      id_status: 1,
    });
    expect(res).toMatchObject({ status: 403, body: { msg: ONLY_CELL_OTHER_SIDE } });
    expect((await stored('tower@demo.portal'))!.ativo).toBe(false);
    expect(
      (await admin.post('/usuarios/edit', { ...(await listed('tower@demo.portal')), id_status: 1 })).status,
    ).toBe(200);
  });

  it('a company id of the other side in the water flow is refused the same', async () => {
    const { empresas } = (await admin.get('/usuarios/opcoes')).body.dados;
    const water = empresas.find(
      (e: { fluxo: string; lado: string }) => e.fluxo === 'agua' && e.lado === 'operadora',
    );
    expect(water).toBeDefined();
    const res = await provider.post('/usuarios/add', {
      name: 'Infiltrado Água',
      email: 'infiltrado.agua@teste.portal',
      id_empresa: water.id,
      id_grupo: GROUP.AMEE,
      id_perfil: PROFILE.CADASTRO_UC,
      regionais: [],
      id_status: 1,
    });
    expect(res).toMatchObject({ status: 403, body: { msg: ONLY_CELL_OTHER_SIDE, campo: 'id_empresa' } });
    expect(await stored('infiltrado.agua@teste.portal')).toBeUndefined();
    expect(telecomCompany).toBeGreaterThan(0);
  });
});
