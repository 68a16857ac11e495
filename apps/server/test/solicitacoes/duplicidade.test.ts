import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { baseProvedor, solicitacoes } from '../../src/db/schema.ts';
import { createTestApp, login, type TestApp } from '../support/test-app.ts';
import { call, newUnitPayload } from '../support/requests.ts';

let t: TestApp;
let token: string;
let baseUnit: typeof baseProvedor.$inferSelect;
beforeAll(async () => {
  t = await createTestApp();
  token = await login(t.app, 'solicitante@demo.portal');
  baseUnit = (await t.app.db.select().from(baseProvedor).limit(1))[0]!;
});
afterAll(() => t.close());

describe('duplicate checks (validar-unidade, validar-endereco and on save)', () => {
  it('finds a unit of the provider base, flagged sge, with Ativa/Inativa', async () => {
    const res = await call(t.app, token, '/api/novas-unidades/validar-unidade', { unidade: baseUnit.uc });
    expect(res.json()).toMatchObject({ error: 0, total: 1 });
    expect(res.json().dados[0]).toMatchObject({
      origem: 'base',
      sge: true,
      UC: baseUnit.uc,
      Status: expect.stringMatching(/^(Ativa|Inativa)$/),
    });
    const byAddress = await call(t.app, token, '/api/novas-unidades/validar-endereco', {
      endereco_id: baseUnit.enderecoId,
    });
    expect(byAddress.json().total).toBe(1);
  });

  it('finds a unit already in the workflow, and nothing for a new one', async () => {
    await call(t.app, token, '/api/novas-unidades/add', await newUnitPayload(t.app, { unidade: 'UCWF0001' }));
    const res = await call(t.app, token, '/api/novas-unidades/validar-unidade', { unidade: 'ucwf0001' });
    expect(res.json().dados).toEqual([
      expect.objectContaining({
        origem: 'workflow',
        sge: false,
        UC: 'UCWF0001',
        Status: 'Solicitação Iniciada',
      }),
    ]);
    expect(
      (await call(t.app, token, '/api/novas-unidades/validar-unidade', { unidade: 'UCNOVA999' })).json(),
    ).toEqual({ error: 0, total: 0, dados: [] });
  });

  it('the save repeats the workflow check and refuses a duplicate unless confirmed', async () => {
    const res = await call(
      t.app,
      token,
      '/api/novas-unidades/add',
      await newUnitPayload(t.app, { unidade: 'UCWF0001' }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().msg).toBe(
      'Unidade já cadastrada no workflow. Entre em contato com a regional responsável.',
    );
  });

  it('invisible characters, other spaces or decomposed accents do not make another unit (hostile review)', async () => {
    const disguised = ['UC\u200BWF0001', '\uFEFFUCWF\u00AD0001\u200D', 'UCWF0001\u2060'];
    for (const unidade of disguised) {
      const res = await call(
        t.app,
        token,
        '/api/novas-unidades/add',
        await newUnitPayload(t.app, { unidade }),
      );
      expect(res.statusCode, JSON.stringify(unidade)).toBe(422);
      expect(res.json().msg).toBe(
        'Unidade já cadastrada no workflow. Entre em contato com a regional responsável.',
      );
      expect(
        (await call(t.app, token, '/api/novas-unidades/validar-unidade', { unidade })).json().total,
      ).toBe(1);
    }
    const first = await call(
      t.app,
      token,
      '/api/novas-unidades/add',
      await newUnitPayload(t.app, { endereco_id: 'RUA\u00A0SÃO 1' }),
    );
    expect(first.statusCode, first.body).toBe(200);
    const decomposed = await call(t.app, token, '/api/novas-unidades/validar-endereco', {
      endereco_id: 'rua sa\u0303o 1',
    });
    expect(decomposed.json().total).toBe(1);
  });

  it('a refused request (3, 6, 15) is no duplicate: the unit can be filed again, and the check lists nothing', async () => {
    for (const [i, refusedStatus] of [3, 6, 15].entries()) {
      const unidade = `UCRECUSA${i}`;
      const first = await call(
        t.app,
        token,
        '/api/novas-unidades/add',
        await newUnitPayload(t.app, { unidade }),
      );
      await t.app.db
        .update(solicitacoes)
        .set({ status: refusedStatus })
        .where(eq(solicitacoes.id, first.json().dados.id));
      expect(
        (await call(t.app, token, '/api/novas-unidades/validar-unidade', { unidade })).json().total,
      ).toBe(0);
      const again = await call(
        t.app,
        token,
        '/api/novas-unidades/add',
        await newUnitPayload(t.app, { unidade }),
      );
      expect(again.statusCode, again.body).toBe(200);
    }
  });

  it("'Cadastrar mesmo assim?' saves a unit of the provider base and records the confirmation in the history", async () => {
    const refused = await call(
      t.app,
      token,
      '/api/novas-unidades/add',
      await newUnitPayload(t.app, { unidade: baseUnit.uc }),
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().msg).toMatch(/base Xerox\/AM Energia/);
    const confirmed = await call(
      t.app,
      token,
      '/api/novas-unidades/add',
      await newUnitPayload(t.app, { unidade: baseUnit.uc, confirmar_duplicidade: true }),
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const notes = await call(t.app, token, '/api/novas-unidades/historicos', {
      id_unidade: confirmed.json().dados.id,
    });
    expect(notes.json().dados[0].obs).toMatch(
      new RegExp(`Cadastro confirmado pelo usuário apesar de duplicidade: UC ${baseUnit.uc} na base`),
    );
  });

  it('confirmar_duplicidade is a flag of the save schema: a forged value is refused naming it and saves nothing (issue 32)', async () => {
    const [unit] = await t.app.db
      .insert(baseProvedor)
      .values({
        fluxo: 'energia',
        uc: 'UCCONFIRMA1',
        rzSocial: 'Razão da Base',
        concessionaria: '',
        endereco: 'Rua da Base',
        numero: '1',
        bairro: 'Centro',
        cidade: 'Santos',
        estado: 'SP',
        ativa: true,
        sge: true,
      })
      .returning();
    for (const forged of ['sim', 2, {}, ['1'], null]) {
      const res = await call(
        t.app,
        token,
        '/api/novas-unidades/add',
        await newUnitPayload(t.app, { unidade: unit!.uc, confirmar_duplicidade: forged }),
      );
      expect(res.statusCode, JSON.stringify(forged)).toBe(400);
      expect(res.json()).toMatchObject({
        error: 1,
        campo: 'confirmar_duplicidade',
        msg: 'O campo Confirmar duplicidade é inválido.',
      });
    }
    expect(await t.app.db.select().from(solicitacoes).where(eq(solicitacoes.unidade, unit!.uc))).toEqual([]);
    // false is no confirmation; the spellings the old screens send ('1', 1, 'true') confirm.
    const unconfirmed = await call(
      t.app,
      token,
      '/api/novas-unidades/add',
      await newUnitPayload(t.app, { unidade: unit!.uc, confirmar_duplicidade: false }),
    );
    expect(unconfirmed.statusCode).toBe(422);
    expect(unconfirmed.json().msg).toBe(
      'Unidade já cadastrada na base Xerox/AM Energia. Confirme para cadastrar mesmo assim.',
    );
    const confirmed = await call(
      t.app,
      token,
      '/api/novas-unidades/add',
      await newUnitPayload(t.app, { unidade: unit!.uc, confirmar_duplicidade: '1' }),
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });

  it('a duplicate address id is refused naming Endereço ID, and a record is no duplicate of itself', async () => {
    const first = await call(
      t.app,
      token,
      '/api/novas-unidades/add',
      await newUnitPayload(t.app, { endereco_id: 'ENDDUP01' }),
    );
    const res = await call(
      t.app,
      token,
      '/api/novas-unidades/add',
      await newUnitPayload(t.app, { endereco_id: 'enddup01' }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      campo: 'endereco_id',
      msg: 'Endereço ID já cadastrado no workflow. Entre em contato com a regional responsável.',
    });
    const self = await call(t.app, token, '/api/novas-unidades/validar-endereco', {
      endereco_id: 'ENDDUP01',
      id: first.json().dados.id,
    });
    expect(self.json().total).toBe(0);
  });
});

describe('one statement for both sources (issue 12)', () => {
  it('a unit in the workflow and in the base comes back as both, the workflow first, each with all its details', async () => {
    await call(
      t.app,
      token,
      '/api/novas-unidades/add',
      await newUnitPayload(t.app, { unidade: 'UCAMBAS01' }),
    );
    const [request] = await t.app.db.select().from(solicitacoes).where(eq(solicitacoes.unidade, 'UCAMBAS01'));
    const [unit] = await t.app.db
      .insert(baseProvedor)
      .values({
        fluxo: 'energia',
        uc: 'UCAMBAS01',
        rzSocial: 'Razão da Base',
        concessionaria: '',
        endereco: 'Rua da Base',
        numero: '77',
        bairro: 'Centro',
        cidade: 'Santos',
        estado: 'SP',
        ativa: false,
        sge: true,
      })
      .returning();
    const res = await call(t.app, token, '/api/novas-unidades/validar-unidade', { unidade: 'ucambas01' });
    expect(res.json()).toEqual({
      error: 0,
      total: 2,
      dados: [
        {
          origem: 'workflow',
          sge: false,
          id: request!.id,
          UC: 'UCAMBAS01',
          Rz_Social: '',
          Concessionaria: expect.any(String),
          Endereco: [request!.endereco, request!.numero].filter(Boolean).join(', '),
          Bairro: request!.bairro ?? '',
          Cidade: request!.municipio ?? '',
          Estado: request!.uf ?? '',
          Status: 'Solicitação Iniciada',
        },
        // The base's address without its number; an empty concessionaire is none.
        {
          origem: 'base',
          sge: true,
          id: unit!.id,
          UC: 'UCAMBAS01',
          Rz_Social: 'Razão da Base',
          Concessionaria: null,
          Endereco: 'Rua da Base',
          Bairro: 'Centro',
          Cidade: 'Santos',
          Estado: 'SP',
          Status: 'Inativa',
        },
      ],
    });
  });
});
