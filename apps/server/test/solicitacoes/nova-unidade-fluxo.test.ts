import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../support/test-app.ts';
import { call, newUnitPayload, readRequest } from '../support/requests.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['solicitante', 'regional', 'celula', 'amee', 'tower', 'consulta']) {
    tokens[who] = await login(t.app, `${who}@demo.portal`);
  }
});
afterAll(() => t.close());

const save = (who: string, mode: 'add' | 'edit', payload: unknown) =>
  call(t.app, tokens[who]!, `/api/novas-unidades/${mode}`, payload);

describe('energy new unit: from request to insertion in the base', () => {
  let id: number;
  let version: number;

  const step = async (who: string, changes: Record<string, unknown>) => {
    const res = await save(who, 'edit', { id, version, ...changes });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      error: 0,
      msg: 'Salvo com sucesso',
      dados: { id, status: changes.status },
    });
    version = res.json().dados.version;
  };

  it('the requester creates it in status 0 (Solicitação Iniciada), version 1', async () => {
    const res = await save('solicitante', 'add', await newUnitPayload(t.app, { unidade: 'UC7000001' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dados).toMatchObject({ status: 0, version: 1 });
    id = res.json().dados.id;
    version = 1;
    const record = await readRequest(t.app, tokens.solicitante!, 'novas-unidades', id);
    expect(record).toMatchObject({
      unidade: 'UC7000001',
      cep: '01310100',
      cnpj_solicitada: '48392015000179',
      cnpj_tim: expect.stringMatching(/^31447205\d{6}$/),
      nome: 'Sofia Solicitante',
      razao_social: 'Conecta Engenharia e Serviços Ltda.',
    });
  });

  it('the regional moves it to 1 and then 2', async () => {
    await step('regional', { status: 1 });
    await step('regional', { status: 2, observacao: 'Endereço conferido.' });
  });

  it('the cell moves it to 4, 5 (tariff fields) and 7 (payment type)', async () => {
    await step('celula', { status: 4 });
    await step('celula', {
      status: 5,
      tipo_de_pagamento: 1,
      classe_tarifaria: 1,
      subclasse_tarifaria: 1,
      modalidade_tarifaria: 'bt',
      tensao_fornecimento: 3,
      mercado: 2,
      centro_custo: 'CC1020',
      conta_contabil: '4110203',
      data_ligacao: '2026-12-01',
    });
    await step('celula', { status: 7 });
  });

  it('the provider operator inserts it in the base (8)', async () => {
    await step('amee', { status: 8 });
    const record = await readRequest(t.app, tokens.celula!, 'novas-unidades', id);
    expect(record).toMatchObject({ status: 8, version, tipo_de_pagamento: 1, centro_custo: 'CC1020' });
  });

  it('the status history lists every step with who did it; the observation history the notes', async () => {
    const history = (
      await call(t.app, tokens.celula!, '/api/novas-unidades/status', { id_unidade: id })
    ).json().dados;
    expect(history.map((h: { status: number }) => h.status)).toEqual([8, 7, 5, 4, 2, 1, 0]);
    expect(history[0]).toMatchObject({ nome: 'Alberto Operador AME', data_cadastro: expect.any(String) });
    const notes = (
      await call(t.app, tokens.celula!, '/api/novas-unidades/historicos', { id_unidade: id })
    ).json().dados;
    expect(notes).toEqual([
      { nome: 'Renata Regional', data: expect.any(String), obs: 'Endereço conferido.' },
    ]);
  });

  it('a record read back whole is accepted as the edit payload (read-only extras ignored)', async () => {
    const created = await save('solicitante', 'add', await newUnitPayload(t.app));
    const record = await readRequest(t.app, tokens.regional!, 'novas-unidades', created.json().dados.id);
    const res = await save('regional', 'edit', { ...record, status: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dados).toMatchObject({ status: 1, version: 2 });
  });
});
