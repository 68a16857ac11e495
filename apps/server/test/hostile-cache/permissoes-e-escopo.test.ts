import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { empresas, grupos, perfis, regionais, usuarioRegionais, usuarios } from '../../src/db/schema.ts';
import { createTestApp, login, type TestApp } from '../support/test-app.ts';
import { live, validate, warm } from './support.ts';

/**
 * Hostile review of the session cache (issue 12): a user must never act with old permissions or an
 * old scope. Every field of the session read that authorization uses is changed under a cached
 * session by a plain write (what a task, script or admin module sends) and must show at the next call.
 */
describe("a change of what a session may do or see counts at the cached session's next call", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await live(t.app);
  });
  afterAll(() => t.close());

  const userOf = async (email: string) =>
    (await t.app.db.select().from(usuarios).where(eq(usuarios.email, email)))[0]!;

  for (const perm of ['cadastro', 'relatorios', 'usuarios', 'empresas', 'cnpjs'] as const) {
    it(`group permission "${perm}" flipped: the next call carries the new value`, async () => {
      const token = await login(t.app, 'regional@demo.portal');
      const before = (await warm(t.app, token)).permissoes[perm] as boolean;
      const u = await userOf('regional@demo.portal');
      await t.app.db
        .update(grupos)
        .set({ [perm]: !before })
        .where(eq(grupos.id, u.idGrupo));
      expect((await validate(t.app, token)).json().user.permissoes[perm]).toBe(!before);
      await t.app.db
        .update(grupos)
        .set({ [perm]: before })
        .where(eq(grupos.id, u.idGrupo));
      expect((await validate(t.app, token)).json().user.permissoes[perm]).toBe(before);
    });
  }

  it('group papel changed: the next call carries the new role', async () => {
    const token = await login(t.app, 'consulta@demo.portal');
    const before = (await warm(t.app, token)).papel as typeof grupos.$inferSelect.papel;
    const u = await userOf('consulta@demo.portal');
    const [other] = await t.app.db.select().from(grupos).where(ne(grupos.papel, before)).limit(1);
    await t.app.db.update(grupos).set({ papel: other!.papel }).where(eq(grupos.id, u.idGrupo));
    expect((await validate(t.app, token)).json().user.papel).toBe(other!.papel);
    await t.app.db.update(grupos).set({ papel: before }).where(eq(grupos.id, u.idGrupo));
  });

  it("a user's group changed: the next call has the new group and its permissions", async () => {
    const token = await login(t.app, 'solicitante@demo.portal');
    const before = await warm(t.app, token);
    const [other] = await t.app.db.select().from(grupos).where(ne(grupos.id, before.grupo)).limit(1);
    await t.app.db
      .update(usuarios)
      .set({ idGrupo: other!.id })
      .where(eq(usuarios.email, 'solicitante@demo.portal'));
    const next = (await validate(t.app, token)).json().user;
    expect(next.grupo).toBe(other!.id);
    expect(next.permissoes.usuarios).toBe(other!.usuarios);
    await t.app.db
      .update(usuarios)
      .set({ idGrupo: before.grupo })
      .where(eq(usuarios.email, 'solicitante@demo.portal'));
  });

  it("a user's profile changed: the next call has the new profile", async () => {
    const token = await login(t.app, 'celula@demo.portal');
    const before = await warm(t.app, token);
    const [other] = await t.app.db.select().from(perfis).where(ne(perfis.id, before.perfil)).limit(1);
    await t.app.db
      .update(usuarios)
      .set({ idPerfil: other!.id })
      .where(eq(usuarios.email, 'celula@demo.portal'));
    expect((await validate(t.app, token)).json().user.perfil).toBe(other!.id);
    await t.app.db
      .update(usuarios)
      .set({ idPerfil: before.perfil })
      .where(eq(usuarios.email, 'celula@demo.portal'));
  });

  it("a user's regionals changed (link rows deleted and inserted): the next call has the new scope", async () => {
    const token = await login(t.app, 'regional@demo.portal');
    const before = (await warm(t.app, token)).regionais as number[];
    const u = await userOf('regional@demo.portal');
    const [other] = await t.app.db
      .select()
      .from(regionais)
      .where(ne(regionais.id, before[0] ?? 0))
      .limit(1);
    await t.app.db.delete(usuarioRegionais).where(eq(usuarioRegionais.idUsuario, u.id));
    expect((await validate(t.app, token)).json().user.regionais).toEqual([]);
    await t.app.db.insert(usuarioRegionais).values({ idUsuario: u.id, idRegional: other!.id });
    expect((await validate(t.app, token)).json().user.regionais).toEqual([other!.id]);
    await t.app.db
      .update(usuarioRegionais)
      .set({ idRegional: before[0]! })
      .where(and(eq(usuarioRegionais.idUsuario, u.id), eq(usuarioRegionais.idRegional, other!.id)));
    expect((await validate(t.app, token)).json().user.regionais).toEqual([before[0]]);
  });

  it("a user's company changed: the next call has the new company, and its inactive status counts", async () => {
    const token = await login(t.app, 'amee@demo.portal');
    const before = await warm(t.app, token);
    const [other] = await t.app.db.select().from(empresas).where(ne(empresas.id, before.empresa)).limit(1);
    await t.app.db
      .update(usuarios)
      .set({ idEmpresa: other!.id })
      .where(eq(usuarios.email, 'amee@demo.portal'));
    const next = (await validate(t.app, token)).json().user;
    expect(next.empresa).toBe(other!.id);
    expect(next.razao_social).toBe(other!.razaoSocial);
    await warm(t.app, token);
    await t.app.db.update(empresas).set({ status: false }).where(eq(empresas.id, other!.id));
    expect((await validate(t.app, token)).statusCode).toBe(401);
    await t.app.db.update(empresas).set({ status: true }).where(eq(empresas.id, other!.id));
    await t.app.db
      .update(usuarios)
      .set({ idEmpresa: before.empresa })
      .where(eq(usuarios.email, 'amee@demo.portal'));
  });

  it('a permission lost is enforced on a real route, not just reported by validate', async () => {
    const token = await login(t.app, 'admin@demo.portal');
    await warm(t.app, token);
    const list = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/usuarios/list',
        headers: { authorization: `Bearer ${token}` },
        payload: {},
      });
    expect((await list()).statusCode).toBe(200);
    const u = await userOf('admin@demo.portal');
    await t.app.db.update(grupos).set({ usuarios: false }).where(eq(grupos.id, u.idGrupo));
    expect((await list()).statusCode).toBe(403);
    await t.app.db.update(grupos).set({ usuarios: true }).where(eq(grupos.id, u.idGrupo));
    expect((await list()).statusCode).toBe(200);
  });
});
