import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseProvedor, solicitacoes } from '../../src/db/schema.ts';
import { createTestApp, login, type TestApp } from '../support/test-app.ts';
import { call, newUnitPayload, rioUnitPayload } from '../support/requests.ts';

/**
 * Issue 9 item 5: the duplicate checks answer only what the modal needs. That a unit is already in
 * the workflow is told to everyone; its address, status and id only within the caller's scope.
 * Only a match in the provider's base may be overridden with confirmar_duplicidade.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
let created: { id: number; unidade: string; endereco_id: string };
beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['solicitante', 'tower', 'regional', 'celula'])
    tokens[who] = await login(t.app, `${who}@demo.portal`);
  const payload = await rioUnitPayload(t.app, { endereco: 'Rua Escondida', bairro: 'Bairro Secreto' });
  const res = await call(t.app, tokens.solicitante!, '/api/novas-unidades/add', payload);
  created = { id: res.json().dados.id, unidade: payload.unidade, endereco_id: payload.endereco_id };
});
afterAll(() => t.close());

const HIDDEN = {
  origem: 'workflow',
  sge: false,
  id: null,
  UC: '',
  Rz_Social: '',
  Concessionaria: null,
  Endereco: '',
  Bairro: '',
  Cidade: '',
  Estado: '',
  Status: '',
};

describe("a workflow duplicate outside the caller's scope is told without its details", () => {
  it('validar-unidade: another company learns only that the unit is in the workflow', async () => {
    const res = await call(t.app, tokens.tower!, '/api/novas-unidades/validar-unidade', {
      unidade: created.unidade,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ error: 0, total: 1, dados: [HIDDEN] });
    expect(res.body).not.toMatch(/Escondida|Secreto|Iniciada/);
  });

  it("an out-of-scope record's id does not hide the match: which request holds the unit stays untold", async () => {
    for (const [url, key] of [
      ['/api/novas-unidades/validar-unidade', { unidade: created.unidade }],
      ['/api/novas-unidades/validar-endereco', { endereco_id: created.endereco_id }],
    ] as const) {
      const res = await call(t.app, tokens.tower!, url, { ...key, id: created.id });
      expect(res.json()).toEqual({ error: 0, total: 1, dados: [HIDDEN] });
    }
    // The requester, who may read it, is editing that very record: no duplicate of itself.
    const own = await call(t.app, tokens.solicitante!, '/api/novas-unidades/validar-unidade', {
      unidade: created.unidade,
      id: created.id,
    });
    expect(own.json()).toEqual({ error: 0, total: 0, dados: [] });
  });

  it('validar-endereco: the same, and the unit behind the address id is not told either', async () => {
    const res = await call(t.app, tokens.tower!, '/api/novas-unidades/validar-endereco', {
      endereco_id: created.endereco_id,
    });
    expect(res.json()).toEqual({ error: 0, total: 1, dados: [HIDDEN] });
    expect(res.body).not.toContain(created.unidade);
  });

  it("a regional that does not cover the request's regional gets no details", async () => {
    const res = await call(t.app, tokens.regional!, '/api/novas-unidades/validar-unidade', {
      unidade: created.unidade,
    });
    expect(res.json().dados).toEqual([HIDDEN]);
  });

  it("within scope (the creator's company, the cell) the details are shown", async () => {
    for (const who of ['solicitante', 'celula']) {
      const res = await call(t.app, tokens[who]!, '/api/novas-unidades/validar-unidade', {
        unidade: created.unidade,
      });
      expect(res.json().dados).toEqual([
        expect.objectContaining({
          origem: 'workflow',
          id: created.id,
          UC: created.unidade,
          Bairro: 'Bairro Secreto',
          Status: 'Solicitação Iniciada',
        }),
      ]);
    }
  });

  it("units of the provider's base are shown to everyone, as the base modal needs them", async () => {
    const [unit] = await t.app.db.select().from(baseProvedor).limit(1);
    const res = await call(t.app, tokens.tower!, '/api/novas-unidades/validar-unidade', {
      unidade: unit!.uc,
    });
    expect(res.json().dados).toEqual([
      expect.objectContaining({
        origem: 'base',
        sge: true,
        UC: unit!.uc,
        Rz_Social: unit!.rzSocial,
        Status: expect.stringMatching(/^(Ativa|Inativa)$/),
      }),
    ]);
  });
});

describe('only a provider-base match may be overridden (spec part 1 §5, part 2 §5)', () => {
  it('confirmar_duplicidade does not force a unit already in the workflow through', async () => {
    const before = (await t.app.db.select({ n: count() }).from(solicitacoes))[0]!.n;
    const res = await call(
      t.app,
      tokens.solicitante!,
      '/api/novas-unidades/add',
      await newUnitPayload(t.app, { unidade: created.unidade, confirmar_duplicidade: true }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      campo: 'unidade',
      msg: 'Unidade já cadastrada no workflow. Entre em contato com a regional responsável.',
    });
    expect((await t.app.db.select({ n: count() }).from(solicitacoes))[0]!.n).toBe(before);
  });

  it('nor an address id already in the workflow', async () => {
    const res = await call(
      t.app,
      tokens.solicitante!,
      '/api/novas-unidades/add',
      await newUnitPayload(t.app, { endereco_id: created.endereco_id, confirmar_duplicidade: '1' }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().campo).toBe('endereco_id');
  });
});
