import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concessionarias, regionais, solicitacoes } from '../../src/db/schema.ts';
import { createTestApp, login, type TestApp } from '../support/test-app.ts';
import { call, newUnitPayload, readRequest, rioUnitPayload } from '../support/requests.ts';

/**
 * Issue 30: the regional of a request must serve its UF (the regional administration keeps each
 * regional's UFs). Otherwise a requester picks its own reviewer: an RJ unit sent to TSP.
 * Seeded map: TSP serves SP (id 7), TRJ serves RJ and ES (id 5).
 */
let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['solicitante']) tokens[who] = await login(t.app, `${who}@demo.portal`);
});
afterAll(() => t.close());

const requestCount = async () => (await t.app.db.select({ n: count() }).from(solicitacoes))[0]!.n;

const expectRefused = async (url: string, payload: Record<string, unknown>, msg: string) => {
  const before = await requestCount();
  const res = await call(t.app, tokens.solicitante!, url, payload);
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json()).toEqual({ error: 1, campo: 'regional', msg });
  expect(await requestCount()).toBe(before);
};

describe('the regional of a request serves its UF', () => {
  it('an RJ unit sent to TSP is refused naming Regional, and nothing is written', async () => {
    await expectRefused(
      '/api/novas-unidades/add',
      await rioUnitPayload(t.app, { regional: 7 }),
      'A regional TSP não atende a UF RJ.',
    );
  });

  it('the same on the water form', async () => {
    const [aguasDoRio] = await t.app.db
      .select()
      .from(concessionarias)
      .where(eq(concessionarias.nome, 'Águas do Rio'));
    const { id_tensao: _v, ...water } = await rioUnitPayload(t.app, {
      regional: 7,
      id_concessionaria: aguasDoRio!.id,
      tipo_site: 7,
    });
    await expectRefused('/api/agua/novas-unidades/add', water, 'A regional TSP não atende a UF RJ.');
  });

  it('an RJ unit sent to TRJ is accepted', async () => {
    const res = await call(
      t.app,
      tokens.solicitante!,
      '/api/novas-unidades/add',
      await rioUnitPayload(t.app, { regional: 5 }),
    );
    expect(res.statusCode, res.body).toBe(200);
  });

  it('a forged regional id is refused naming Regional', async () => {
    await expectRefused(
      '/api/novas-unidades/add',
      await rioUnitPayload(t.app, { regional: 999_999 }),
      'Regional não encontrada.',
    );
  });

  it('an edit that moves the unit to a UF its regional does not serve is refused', async () => {
    const created = await call(
      t.app,
      tokens.solicitante!,
      '/api/novas-unidades/add',
      await newUnitPayload(t.app, { regional: 7 }),
    );
    const record = await readRequest(t.app, tokens.solicitante!, 'novas-unidades', created.json().dados.id);
    const moved = await rioUnitPayload(t.app, { regional: 7 });
    const res = await call(t.app, tokens.solicitante!, '/api/novas-unidades/edit', {
      id: record.id,
      version: record.version,
      uf: moved.uf,
      municipio: moved.municipio,
      cep: moved.cep,
      id_concessionaria: moved.id_concessionaria,
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({ error: 1, campo: 'regional', msg: 'A regional TSP não atende a UF RJ.' });
    expect((await readRequest(t.app, tokens.solicitante!, 'novas-unidades', record.id)).uf).toBe('SP');
  });

  it('an edit that changes the regional to one not serving the stored UF is refused', async () => {
    const created = await call(
      t.app,
      tokens.solicitante!,
      '/api/novas-unidades/add',
      await newUnitPayload(t.app, { regional: 7 }),
    );
    const record = await readRequest(t.app, tokens.solicitante!, 'novas-unidades', created.json().dados.id);
    const res = await call(t.app, tokens.solicitante!, '/api/novas-unidades/edit', {
      id: record.id,
      version: record.version,
      regional: 5,
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({ error: 1, campo: 'regional', msg: 'A regional TRJ não atende a UF SP.' });
  });

  it('a regional with no UFs serves none', async () => {
    const [empty] = await t.app.db.insert(regionais).values({ regional: 'TVZ' }).returning();
    await expectRefused(
      '/api/novas-unidades/add',
      await newUnitPayload(t.app, { regional: empty!.id }),
      'A regional TVZ não atende a UF SP.',
    );
  });

  it('a stored record sent back unchanged is not judged again (older data stays editable)', async () => {
    const created = await call(
      t.app,
      tokens.solicitante!,
      '/api/novas-unidades/add',
      await newUnitPayload(t.app, { regional: 7 }),
    );
    const id = created.json().dados.id as number;
    await t.app.db.update(solicitacoes).set({ regional: 5 }).where(eq(solicitacoes.id, id));
    const record = await readRequest(t.app, tokens.solicitante!, 'novas-unidades', id);
    const res = await call(t.app, tokens.solicitante!, '/api/novas-unidades/edit', {
      ...record,
      observacao: 'Sem mudar a regional.',
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('the forms read which UFs each regional serves', () => {
  it('GET /api/regionais gives each regional its UFs', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/regionais',
      headers: { authorization: `Bearer ${tokens.solicitante}` },
    });
    expect(res.json().dados).toEqual(
      expect.arrayContaining([
        { id: 7, regional: 'TSP', ufs: ['SP'] },
        { id: 5, regional: 'TRJ', ufs: ['ES', 'RJ'] },
      ]),
    );
  });
});
