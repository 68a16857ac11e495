import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, type TestApp } from '../support/test-app.ts';
import { call, multipart, newUnitPayload, PDF, readRequest } from '../support/requests.ts';

/**
 * Issue 9 item 5: `list {id}` serves only what the caller's screen shows (the domain's
 * visibility.ts): the cell's attachment and the cell's fields never reach the requester.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
let id: number;
beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['solicitante', 'regional', 'celula'])
    tokens[who] = await login(t.app, `${who}@demo.portal`);
  id = (await call(t.app, tokens.solicitante!, '/api/novas-unidades/add', await newUnitPayload(t.app))).json()
    .dados.id;
  await call(t.app, tokens.regional!, '/api/novas-unidades/edit', { id, version: 1, status: 2 });
  const body = multipart({ id, version: 2, status: 4, centro_custo: 'CC-SECRETO', protocolo: 'PROT-77' }, [
    { field: 'complementar', filename: 'parecer-interno.pdf', contentType: 'application/pdf', data: PDF },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/novas-unidades/edit',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(tokens.celula!) },
  });
  if (res.statusCode !== 200) throw new Error(res.body);
});
afterAll(() => t.close());

describe("list {id} serves only what the caller's screen shows", () => {
  it("the requester gets neither the cell-only attachment nor the cell's fields", async () => {
    const res = await call(t.app, tokens.solicitante!, '/api/novas-unidades/list', { id });
    expect(res.statusCode).toBe(200);
    const record = res.json().dados;
    expect(record).not.toHaveProperty('complementar');
    expect(record).not.toHaveProperty('centro_custo');
    expect(record).not.toHaveProperty('protocolo');
    expect(record.anexos).toEqual([]);
    expect(res.body).not.toMatch(/CC-SECRETO|PROT-77|parecer-interno/);
    expect(record).toMatchObject({
      id,
      status: 4,
      unidade: expect.any(String),
      endereco_id: expect.any(String),
    });
  });

  it('the cell, who sees them on its screen, gets them', async () => {
    const record = await readRequest(t.app, tokens.celula!, 'novas-unidades', id);
    expect(record).toMatchObject({
      centro_custo: 'CC-SECRETO',
      protocolo: 'PROT-77',
      complementar: expect.stringMatching(/^\/api\/arquivos\//),
    });
    expect(record.anexos).toEqual([
      expect.objectContaining({ tipo: 'complementar', nome: 'parecer-interno.pdf' }),
    ]);
  });

  it('the record the requester reads back is accepted unchanged by its edit call', async () => {
    const record = await readRequest(t.app, tokens.solicitante!, 'novas-unidades', id);
    const res = await call(t.app, tokens.celula!, '/api/novas-unidades/edit', { ...record, status: 4 });
    expect(res.statusCode, res.body).toBe(200);
    expect(await readRequest(t.app, tokens.celula!, 'novas-unidades', id)).toMatchObject({
      centro_custo: 'CC-SECRETO',
    });
  });
});
