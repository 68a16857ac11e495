import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concessionarias, solicitacoes } from '../../src/db/schema.ts';
import { createTestApp, login, type TestApp } from '../support/test-app.ts';
import { call, newUnitPayload, readRequest } from '../support/requests.ts';

/**
 * Issue 9 item 5: the city must be a municipality of the UF, the concessionaire must serve the UF,
 * and a regional files only for a regional it covers (the demo regional covers TSP, id 7).
 */
let t: TestApp;
const tokens: Record<string, string> = {};
let concessionaireOf: (nome: string) => Promise<number>;
beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['solicitante', 'regional', 'celula'])
    tokens[who] = await login(t.app, `${who}@demo.portal`);
  concessionaireOf = async (nome) =>
    (await t.app.db.select().from(concessionarias).where(eq(concessionarias.nome, nome)))[0]!.id;
});
afterAll(() => t.close());

const requestCount = async () => (await t.app.db.select({ n: count() }).from(solicitacoes))[0]!.n;

const expectRefused = async (who: string, payload: Record<string, unknown>, field: string, msg: string) => {
  const before = await requestCount();
  const res = await call(t.app, tokens[who]!, '/api/novas-unidades/add', payload);
  expect(res.statusCode).toBe(422);
  expect(res.json()).toEqual({ error: 1, campo: field, msg });
  expect(await requestCount()).toBe(before);
};

describe('the city and the concessionaire agree with the UF', () => {
  it('a city of another UF is refused, naming Cidade', async () => {
    await expectRefused(
      'solicitante',
      await newUnitPayload(t.app, { municipio: 'Rio de Janeiro' }),
      'municipio',
      'Rio de Janeiro não é um município de SP.',
    );
  });

  it('a name that is no municipality at all is refused', async () => {
    await expectRefused(
      'solicitante',
      await newUnitPayload(t.app, { municipio: 'Cidade Inventada' }),
      'municipio',
      'Cidade Inventada não é um município de SP.',
    );
  });

  it('the city is matched without regard to case or accents', async () => {
    const res = await call(
      t.app,
      tokens.solicitante!,
      '/api/novas-unidades/add',
      await newUnitPayload(t.app, { municipio: 'SAO PAULO' }),
    );
    expect(res.statusCode, res.body).toBe(200);
  });

  it('a concessionaire that does not serve the UF is refused, naming Concessionária', async () => {
    const light = await concessionaireOf('Light');
    await expectRefused(
      'solicitante',
      await newUnitPayload(t.app, { id_concessionaria: light }),
      'id_concessionaria',
      'A concessionária Light não atende a UF SP.',
    );
  });

  it('a stored record sent back unchanged is not judged again (older data stays editable)', async () => {
    const created = await call(
      t.app,
      tokens.solicitante!,
      '/api/novas-unidades/add',
      await newUnitPayload(t.app),
    );
    const id = created.json().dados.id as number;
    await t.app.db.update(solicitacoes).set({ municipio: 'Cidade Antiga' }).where(eq(solicitacoes.id, id));
    const record = await readRequest(t.app, tokens.celula!, 'novas-unidades', id);
    const res = await call(t.app, tokens.regional!, '/api/novas-unidades/edit', { ...record, status: 2 });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('a regional files only for a regional it covers', () => {
  it('a regional it does not cover is refused, naming Regional, and nothing is written', async () => {
    await expectRefused(
      'regional',
      await newUnitPayload(t.app, { regional: 5 }),
      'regional',
      'Você só pode escolher uma regional que atende.',
    );
  });

  it('its own regional is accepted, and the record stays readable by it', async () => {
    const res = await call(
      t.app,
      tokens.regional!,
      '/api/novas-unidades/add',
      await newUnitPayload(t.app, { regional: 7 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await readRequest(t.app, tokens.regional!, 'novas-unidades', res.json().dados.id)).regional).toBe(
      7,
    );
  });

  it('groups that see every regional choose any that serves the UF', async () => {
    const res = await call(
      t.app,
      tokens.solicitante!,
      '/api/novas-unidades/add',
      await newUnitPayload(t.app, {
        regional: 5,
        uf: 'ES',
        municipio: 'Vitória',
        cep: '29010-000',
        id_concessionaria: await concessionaireOf('EDP Espírito Santo'),
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
  });
});
