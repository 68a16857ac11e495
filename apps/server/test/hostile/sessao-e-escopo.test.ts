import { eq, sql } from 'drizzle-orm';
import { GROUP, PROFILE } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { empresas, regionais, sessoes, usuarioRegionais, usuarios } from '../../src/db/schema.ts';
import { bearer, createTestApp, login, type TestApp } from '../support/test-app.ts';
import { call } from '../support/requests.ts';
import { allByNumber, CNPJ, companyId, idsOf, insertRows, LISTS } from './support.ts';

/**
 * Hostile: the session user is read by a prepared statement on every call. A change of the
 * user's group, profile, company, regionals or active flag must count on the very next call;
 * statements shared by users of one scope shape must bind each caller's own values.
 */
let t: TestApp;
let solicitanteCo: number;
let towerCo: number;
const rows: Record<'tsp' | 'trj' | 'none' | 'tower', number[]> = { tsp: [], trj: [], none: [], tower: [] };

const userId = async (email: string) =>
  (await t.app.db.select({ id: usuarios.id }).from(usuarios).where(eq(usuarios.email, email)))[0]!.id;
const regionalId = async (code: string) =>
  (await t.app.db.select({ id: regionais.id }).from(regionais).where(eq(regionais.regional, code)))[0]!.id;
const list = (token: string, body: Record<string, unknown> = {}, url: string = LISTS.energiaNova) =>
  call(t.app, token, url, { per_page: 50, ...body });
const setRegionals = async (id: number, ids: number[]) => {
  await t.app.db.delete(usuarioRegionais).where(eq(usuarioRegionais.idUsuario, id));
  if (ids.length)
    await t.app.db.insert(usuarioRegionais).values(ids.map((idRegional) => ({ idUsuario: id, idRegional })));
};

beforeAll(async () => {
  t = await createTestApp();
  solicitanteCo = await companyId(t.app, CNPJ.solicitante);
  towerCo = await companyId(t.app, CNPJ.tower);
  const tsp = await regionalId('TSP');
  const trj = await regionalId('TRJ');
  rows.tsp = await insertRows(
    t.app,
    Array.from({ length: 6 }, () => ({ regional: tsp, idEmpresa: solicitanteCo })),
  );
  rows.trj = await insertRows(
    t.app,
    Array.from({ length: 4 }, () => ({ regional: trj, idEmpresa: solicitanteCo })),
  );
  rows.none = await insertRows(
    t.app,
    Array.from({ length: 2 }, () => ({ regional: null, idEmpresa: null })),
  );
  rows.tower = await insertRows(
    t.app,
    Array.from({ length: 3 }, () => ({ regional: tsp, idEmpresa: towerCo })),
  );
});
afterAll(() => t.close());

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

describe('hostile session: a change of access counts on the very next call', () => {
  it('a regional user whose regionals change sees the new set at once (list, total, read, keyset, dashboard)', async () => {
    const token = await login(t.app, 'regional@demo.portal');
    const id = await userId('regional@demo.portal');
    const [tsp, trj] = [await regionalId('TSP'), await regionalId('TRJ')];
    const before = await list(token);
    expect(sorted(idsOf(before))).toEqual(sorted([...rows.tsp, ...rows.tower]));
    try {
      await setRegionals(id, [trj]);
      const after = await list(token);
      expect(sorted(idsOf(after))).toEqual(sorted(rows.trj));
      expect(after.json().total).toBe(rows.trj.length);
      expect((await list(token, { id: rows.tsp[0] })).statusCode).toBe(404);
      // keyset after a row of the old regional: must not page from it
      const byNumber = idsOf(await list(token, { page: 1, per_page: 5 }));
      expect(idsOf(await list(token, { page: 1, per_page: 5, apos: rows.tsp[5] }))).toEqual(byNumber);

      await setRegionals(id, []);
      const empty = await list(token);
      expect(empty.json()).toMatchObject({ dados: [], total: 0 });
      expect((await list(token, { q: 'HU' })).json()).toMatchObject({ dados: [], total: 0 });
      expect((await list(token, { status: 1 })).json()).toMatchObject({ dados: [], total: 0 });
      expect((await list(token, { page: 1, per_page: 5, apos: rows.trj[0] })).json()).toMatchObject({
        dados: [],
        total: 0,
      });
      const home = await t.app.inject({ method: 'GET', url: '/api/home', headers: bearer(token) });
      if (home.statusCode === 200) expect(Object.values(home.json().dados).every((n) => n === 0)).toBe(true);

      await setRegionals(id, [tsp, trj]);
      const both = await list(token);
      expect(sorted(idsOf(both))).toEqual(sorted([...rows.tsp, ...rows.trj, ...rows.tower]));
      expect(both.json().total).toBe(rows.tsp.length + rows.trj.length + rows.tower.length);
    } finally {
      await setRegionals(id, [tsp]);
    }
  });

  it('a regional user with a huge list of regionals (600) sees what those regionals hold', async () => {
    const token = await login(t.app, 'regional@demo.portal');
    const id = await userId('regional@demo.portal');
    const tsp = await regionalId('TSP');
    try {
      const made = await t.app.db
        .insert(regionais)
        .values(Array.from({ length: 600 }, (_, i) => ({ regional: `HX${i}` })))
        .returning({ id: regionais.id });
      const all = (await t.app.db.select({ id: regionais.id }).from(regionais)).map((r) => r.id);
      await setRegionals(id, all);
      const res = await list(token);
      expect(sorted(idsOf(res))).toEqual(sorted([...rows.tsp, ...rows.trj, ...rows.tower]));
      expect(res.json().total).toBe(rows.tsp.length + rows.trj.length + rows.tower.length);
      const byApos = await allByNumber(t.app, token, LISTS.energiaNova, { q: 'HU' }, 5);
      expect(byApos.length).toBe((await list(token, { q: 'HU' })).json().total);
      await setRegionals(
        id,
        made.map((r) => r.id),
      );
      expect((await list(token)).json()).toMatchObject({ dados: [], total: 0 });
    } finally {
      await setRegionals(id, [tsp]);
    }
  });

  it("a celula user moved to the Tower group sees only the company's requests on the next call", async () => {
    const token = await login(t.app, 'celula@demo.portal');
    const id = await userId('celula@demo.portal');
    const [{ grupo }] = (await t.app.db
      .select({ grupo: usuarios.idGrupo })
      .from(usuarios)
      .where(eq(usuarios.id, id))) as [{ grupo: number }];
    expect((await list(token)).json().total).toBe(15);
    try {
      await t.app.db
        .update(usuarios)
        .set({ idGrupo: GROUP.TOWER, idEmpresa: towerCo })
        .where(eq(usuarios.id, id));
      const res = await list(token);
      if (res.statusCode === 200) {
        expect(sorted(idsOf(res))).toEqual(sorted(rows.tower));
        expect(res.json().total).toBe(rows.tower.length);
      } else expect(res.statusCode).toBe(403);
    } finally {
      await t.app.db.update(usuarios).set({ idGrupo: grupo }).where(eq(usuarios.id, id));
    }
  });

  it("a company user moved to another company sees that company's requests on the next call; made administrator, all", async () => {
    const token = await login(t.app, 'solicitante@demo.portal');
    const id = await userId('solicitante@demo.portal');
    const [orig] = await t.app.db.select().from(usuarios).where(eq(usuarios.id, id));
    expect(sorted(idsOf(await list(token)))).toEqual(sorted([...rows.tsp, ...rows.trj]));
    try {
      await t.app.db.update(usuarios).set({ idEmpresa: towerCo }).where(eq(usuarios.id, id));
      const res = await list(token);
      expect(sorted(idsOf(res))).toEqual(sorted(rows.tower));
      expect(res.json().total).toBe(3);
      await t.app.db.update(usuarios).set({ idEmpresa: null }).where(eq(usuarios.id, id));
      expect((await list(token)).json()).toMatchObject({ dados: [], total: 0 });
      await t.app.db
        .update(usuarios)
        .set({ idEmpresa: solicitanteCo, idPerfil: PROFILE.ADMINISTRADOR })
        .where(eq(usuarios.id, id));
      expect((await list(token)).json().total).toBe(15);
    } finally {
      await t.app.db
        .update(usuarios)
        .set({ idEmpresa: orig!.idEmpresa, idPerfil: orig!.idPerfil })
        .where(eq(usuarios.id, id));
    }
  });

  it('a deactivated user, a user of a deactivated company, a revoked session and a deleted user are refused at once', async () => {
    const token = await login(t.app, 'amee@demo.portal');
    const id = await userId('amee@demo.portal');
    expect((await list(token)).statusCode).not.toBe(401);
    await t.app.db.update(usuarios).set({ ativo: false }).where(eq(usuarios.id, id));
    expect((await list(token)).statusCode).toBe(401);
    await t.app.db.update(usuarios).set({ ativo: true }).where(eq(usuarios.id, id));
    expect((await list(token)).statusCode).not.toBe(401);

    const [u] = await t.app.db.select().from(usuarios).where(eq(usuarios.id, id));
    await t.app.db.update(empresas).set({ status: false }).where(eq(empresas.id, u!.idEmpresa!));
    expect((await list(token)).statusCode).toBe(401);
    await t.app.db.update(empresas).set({ status: true }).where(eq(empresas.id, u!.idEmpresa!));
    expect((await list(token)).statusCode).not.toBe(401);

    await t.app.db
      .update(sessoes)
      .set({ revokedAt: sql`now()` })
      .where(eq(sessoes.idUsuario, id));
    expect((await list(token)).statusCode).toBe(401);

    const token2 = await login(t.app, 'amee@demo.portal');
    expect((await list(token2)).statusCode).not.toBe(401);
    // A user without history can be removed: the session goes with the row.
    await t.app.db.execute(sql`delete from audit_log where id_usuario = ${id}`).catch(() => undefined);
    const deleted = await t.app.db
      .delete(usuarios)
      .where(eq(usuarios.id, id))
      .then(
        () => true,
        () => false,
      );
    expect(deleted, 'the user row could be deleted').toBe(true);
    expect((await list(token2)).statusCode).toBe(401);
  });
});

describe("hostile prepared statements: users of one shape never see each other's values", () => {
  it('two company users and two regional users calling together each see only their own rows', async () => {
    // A second regional user, covering TRJ only, and the Tower user.
    const [reg] = await t.app.db.select().from(usuarios).where(eq(usuarios.email, 'regional@demo.portal'));
    const [clone] = await t.app.db
      .insert(usuarios)
      .values({ ...reg!, id: undefined, email: 'regional2@demo.portal', name: 'Regional Dois' })
      .returning({ id: usuarios.id });
    await setRegionals(clone!.id, [await regionalId('TRJ')]);
    const tokens = {
      regional: await login(t.app, 'regional@demo.portal'),
      regional2: await login(t.app, 'regional2@demo.portal'),
      solicitante: await login(t.app, 'solicitante@demo.portal'),
      tower: await login(t.app, 'tower@demo.portal'),
    };
    const expected: Record<keyof typeof tokens, number[]> = {
      regional: sorted([...rows.tsp, ...rows.tower]),
      regional2: sorted(rows.trj),
      solicitante: sorted([...rows.tsp, ...rows.trj]),
      tower: sorted(rows.tower),
    };
    const bodies = [
      {},
      { status: 1 },
      { q: 'HU' },
      { page: 2, per_page: 5 },
      { page: 2, per_page: 5, apos: rows.tsp[1] },
    ];
    const calls: Promise<string | null>[] = [];
    for (let round = 0; round < 10; round++)
      for (const who of Object.keys(tokens) as (keyof typeof tokens)[])
        for (const body of bodies)
          calls.push(
            list(tokens[who], body).then((res) => {
              const ids = idsOf(res);
              const leaked = ids.filter((i) => !expected[who].includes(i));
              if (leaked.length) return `${who} ${JSON.stringify(body)} leaked ${leaked}`;
              if (
                !('page' in body) &&
                !('q' in body) &&
                !('status' in body) &&
                res.json().total !== expected[who].length
              )
                return `${who} total ${res.json().total}`;
              return null;
            }),
          );
    expect((await Promise.all(calls)).filter(Boolean)).toEqual([]);
  });
});
