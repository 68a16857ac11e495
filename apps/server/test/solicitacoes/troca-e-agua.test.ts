import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concessionarias } from '../../src/db/schema.ts';
import { bearer, createTestApp, login, type TestApp } from '../support/test-app.ts';
import { call, multipart, newUnitPayload, PDF, PNG, readRequest } from '../support/requests.ts';

/** Issue 6: the ownership change and the water forms are configurations of the same engine. */
let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['solicitante', 'regional', 'celula', 'admin'])
    tokens[who] = await login(t.app, `${who}@demo.portal`);
});
afterAll(() => t.close());

const HOLDER_DOCUMENTS = [
  { field: 'fatura', filename: 'fatura.pdf', contentType: 'application/pdf', data: PDF },
  { field: 'comprovante_pagamento', filename: 'comprovante.png', contentType: 'image/png', data: PNG },
  { field: 'autorizacao', filename: 'autorizacao.pdf', contentType: 'application/pdf', data: PDF },
];

const send = (who: string, url: string, dados: unknown, files: typeof HOLDER_DOCUMENTS) => {
  const body = multipart(dados, files);
  return t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(tokens[who]!) },
  });
};
const uploads = async () =>
  (await readdir(path.join(t.config.dataDir, 'uploads'), { recursive: true }).catch(() => [])).filter((f) =>
    f.includes('-'),
  );

describe('energy ownership change (unidades/*)', () => {
  it('requires the invoice, payment proof and authorization', async () => {
    const res = await send(
      'solicitante',
      '/api/unidades/add',
      await newUnitPayload(t.app),
      HOLDER_DOCUMENTS.slice(0, 2),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ campo: 'autorizacao', msg: 'O arquivo Autorização é obrigatório.' });
    expect(await uploads()).toEqual([]);
  });

  it('is created with the three documents, which the record links', async () => {
    const res = await send('solicitante', '/api/unidades/add', await newUnitPayload(t.app), HOLDER_DOCUMENTS);
    expect(res.statusCode, res.body).toBe(200);
    const record = await readRequest(t.app, tokens.solicitante!, 'unidades', res.json().dados.id);
    expect(record).toMatchObject({
      tipo: 'troca',
      fatura: expect.stringMatching(/^\/api\/arquivos\//),
      comprovante_fatura: expect.any(String),
      autorizacao: expect.any(String),
    });
    expect(await uploads()).toHaveLength(3);
  });

  it('unidades/delete: the creator deletes it before anyone acted; its files go with it', async () => {
    const created = await send(
      'solicitante',
      '/api/unidades/add',
      await newUnitPayload(t.app),
      HOLDER_DOCUMENTS,
    );
    const id = created.json().dados.id;
    const before = (await uploads()).length;
    expect((await call(t.app, tokens.regional!, '/api/unidades/delete', { id })).statusCode).toBe(403);
    const res = await call(t.app, tokens.solicitante!, '/api/unidades/delete', { id });
    expect(res.json()).toEqual({ error: 0, msg: 'Apagado com sucesso!' });
    expect((await call(t.app, tokens.solicitante!, '/api/unidades/list', { id })).statusCode).toBe(404);
    expect(await uploads()).toHaveLength(before - 3);
  });

  it('once the regional acted, the creator may no longer delete it', async () => {
    const created = await send(
      'solicitante',
      '/api/unidades/add',
      await newUnitPayload(t.app),
      HOLDER_DOCUMENTS,
    );
    const id = created.json().dados.id;
    expect(
      (await call(t.app, tokens.regional!, '/api/unidades/edit', { id, version: 1, status: 1 })).statusCode,
    ).toBe(200);
    const res = await call(t.app, tokens.solicitante!, '/api/unidades/delete', { id });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toMatch(/antes de qualquer andamento/);
  });
});

describe('water forms (agua/novas-unidades/*, agua/unidades/*)', () => {
  const waterPayload = async (overrides: Record<string, unknown> = {}) => {
    const [sabesp] = await t.app.db.select().from(concessionarias).where(eq(concessionarias.nome, 'Sabesp'));
    const { id_tensao: _voltage, ...rest } = await newUnitPayload(t.app, {
      id_concessionaria: sabesp!.id,
      tipo_site: 7,
    });
    return { ...rest, ...overrides };
  };

  it('a water new unit speaks of Matrícula/RGI and takes a water concessionaire only', async () => {
    const missing = await call(
      t.app,
      tokens.solicitante!,
      '/api/agua/novas-unidades/add',
      await waterPayload({ unidade: '' }),
    );
    expect(missing.statusCode).toBe(422);
    expect(missing.json().msg).toBe('O campo Matrícula/RGI é obrigatório.');
    const [light] = await t.app.db.select().from(concessionarias).where(eq(concessionarias.nome, 'Light'));
    const energyCompany = await call(
      t.app,
      tokens.solicitante!,
      '/api/agua/novas-unidades/add',
      await waterPayload({ id_concessionaria: light!.id }),
    );
    expect(energyCompany.statusCode).toBe(422);
    const ok = await call(t.app, tokens.solicitante!, '/api/agua/novas-unidades/add', await waterPayload());
    expect(ok.statusCode, ok.body).toBe(200);
    const record = await readRequest(t.app, tokens.celula!, 'agua/novas-unidades', ok.json().dados.id);
    expect(record).toMatchObject({ fluxo: 'agua', tipo: 'nova', status: 0 });
  });

  it('the water site types are the spec subset (1, 7, 3, 4, 6)', async () => {
    const res = await call(
      t.app,
      tokens.solicitante!,
      '/api/agua/novas-unidades/add',
      await waterPayload({ tipo_site: 2 }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().campo).toBe('tipo_site');
  });

  it('a water ownership change is deleted through agua/troca-unidades/delete', async () => {
    // The water change form keeps the voltage type (spec part 2 §2.14).
    const created = await send(
      'solicitante',
      '/api/agua/unidades/add',
      await waterPayload({ id_tensao: 1 }),
      HOLDER_DOCUMENTS,
    );
    expect(created.statusCode, created.body).toBe(200);
    const res = await call(t.app, tokens.solicitante!, '/api/agua/troca-unidades/delete', {
      id: created.json().dados.id,
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('each form sees only its own requests', async () => {
    const energy = (await call(t.app, tokens.celula!, '/api/novas-unidades/list', {})).json().total;
    const water = (await call(t.app, tokens.celula!, '/api/agua/novas-unidades/list', {})).json().total;
    expect(energy).toBe(0);
    expect(water).toBe(1);
  });
});
