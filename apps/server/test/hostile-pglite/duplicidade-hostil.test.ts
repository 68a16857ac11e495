import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseProvedor } from '../../src/db/schema.ts';
import { createTestApp, DEMO_NAMES, is4xx, loginDemo, type TestApp } from '../support/test-app.ts';
import { call, newUnitPayload } from '../support/requests.ts';
import { CNPJ, companyId, insertRows, LISTS } from '../hostile/support.ts';

/**
 * Hostile review of the one-statement duplicate check (duplicates-repo.ts): workflow matches UNION
 * ALL provider-base matches. A request outside the caller's scope is told as one detail-less match;
 * refused requests are no duplicates; `id` excludes only a request the caller may read; each side
 * keeps its own limit of 20 and neither crowds out the other.
 */
let t: TestApp;
let tok: Record<string, string> = {};
let co: Record<keyof typeof CNPJ, number>;
const UNIT = '/api/novas-unidades/validar-unidade';
const ADDRESS = '/api/novas-unidades/validar-endereco';
const OUTSIDE_REGIONAL = 1; // not TSP (7), the demo regional user's

const OUT_OF_SCOPE = {
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

beforeAll(async () => {
  t = await createTestApp();
  tok = await loginDemo(t.app);
  co = Object.fromEntries(
    await Promise.all(Object.entries(CNPJ).map(async ([k, c]) => [k, await companyId(t.app, c)])),
  ) as typeof co;
}, 120_000);
afterAll(() => t.close());

type Match = typeof OUT_OF_SCOPE & { id: number | null; origem: string };
const check = async (who: string, body: Record<string, unknown>, url = UNIT) => {
  const res = await call(t.app, tok[who]!, url, body);
  expect(res.statusCode, `${who} ${url} ${JSON.stringify(body)}: ${res.body}`).toBe(200);
  const json = res.json() as { total: number; dados: Match[] };
  expect(json.total).toBe(json.dados.length);
  return json.dados;
};

const baseUnits = (uc: string, n: number, extra: Partial<typeof baseProvedor.$inferInsert> = {}) =>
  t.app.db
    .insert(baseProvedor)
    .values(
      Array.from({ length: n }, (_, i) => ({
        fluxo: 'energia' as const,
        uc,
        rzSocial: `Base ${i}`,
        concessionaria: `Conc ${i}`,
        endereco: `Rua ${i}`,
        bairro: 'B',
        cidade: 'C',
        estado: 'SP',
        ...extra,
      })),
    )
    .returning({ id: baseProvedor.id });

describe('another scope’s request: one detail-less match, whatever the caller sends', () => {
  let outside: number;
  let inside: number;
  beforeAll(async () => {
    outside = (
      await insertRows(t.app, [
        { unidade: 'HPFORA01', enderecoId: 'HPEFORA01', regional: OUTSIDE_REGIONAL, idEmpresa: co.tower },
      ])
    )[0]!;
    inside = (
      await insertRows(t.app, [
        { unidade: 'HPDENTRO1', enderecoId: 'HPEDENTRO1', regional: 7, idEmpresa: co.solicitante },
      ])
    )[0]!;
  });

  it('the regional and the requester of another company learn only that one exists', async () => {
    for (const who of ['regional', 'solicitante']) {
      expect(await check(who, { unidade: 'HPFORA01' }), who).toEqual([OUT_OF_SCOPE]);
      expect(await check(who, { endereco_id: 'HPEFORA01' }, ADDRESS), who).toEqual([OUT_OF_SCOPE]);
    }
    // Those who read everything see it whole.
    expect((await check('admin', { unidade: 'HPFORA01' }))[0]).toMatchObject({ id: outside, UC: 'HPFORA01' });
  });

  it('a forged id of that request does not make it vanish (nor confirm which one holds the unit)', async () => {
    for (const who of ['regional', 'solicitante']) {
      for (const id of [outside, inside, outside + 1, 2_147_483_647]) {
        expect(await check(who, { unidade: 'hpfora01', id }), `${who} id ${id}`).toEqual([OUT_OF_SCOPE]);
        expect(await check(who, { endereco_id: 'hpefora01', id }, ADDRESS), `${who} id ${id}`).toEqual([
          OUT_OF_SCOPE,
        ]);
      }
    }
  });

  it('the id of a request the caller reads excludes it, and only it', async () => {
    expect(await check('regional', { unidade: 'HPDENTRO1' })).toEqual([
      expect.objectContaining({ id: inside }),
    ]);
    expect(await check('regional', { unidade: 'HPDENTRO1', id: inside })).toEqual([]);
    expect(await check('solicitante', { unidade: 'HPDENTRO1', id: inside })).toEqual([]);
    // The tower company cannot read it: its id changes nothing.
    expect(await check('tower', { unidade: 'HPDENTRO1', id: inside })).toEqual([OUT_OF_SCOPE]);
  });

  it('case, surrounding spaces and invisible characters still find it, still without details', async () => {
    for (const unidade of [
      'hpfora01',
      '  HPFORA01  ',
      '\tHpFora01\n',
      '\u00A0HPFORA01\u00A0',
      'HP\u200BFORA01',
      '\uFEFFHPFORA01',
    ])
      expect(await check('regional', { unidade }), JSON.stringify(unidade)).toEqual([OUT_OF_SCOPE]);
  });

  it('a refused request outside the scope is no duplicate and is not told at all', async () => {
    await insertRows(
      t.app,
      [3, 6, 15].map((status, i) => ({
        unidade: 'HPRECUSA1',
        enderecoId: `HPR${i}`,
        status,
        regional: OUTSIDE_REGIONAL,
        idEmpresa: co.tower,
      })),
    );
    for (const who of ['regional', 'solicitante', 'admin'])
      expect(await check(who, { unidade: 'HPRECUSA1' }), who).toEqual([]);
  });
});

describe('more than 20 matches on each side', () => {
  it('25 requests and 25 base units: 20 of each, neither side crowded out', async () => {
    await insertRows(
      t.app,
      Array.from({ length: 25 }, (_, i) => ({ unidade: 'HPMUITAS1', enderecoId: `HPM${i}` })),
    );
    await baseUnits('HPMUITAS1', 25);
    const got = await check('admin', { unidade: 'hpmuitas1' });
    expect(got.filter((m) => m.origem === 'workflow')).toHaveLength(20);
    expect(got.filter((m) => m.origem === 'base')).toHaveLength(20);
    expect(new Set(got.map((m) => `${m.origem}:${m.id}`)).size).toBe(40);
  });

  it('refused requests do not take places among the 20 (30 refused, 1 open, 1 in the base)', async () => {
    await insertRows(
      t.app,
      Array.from({ length: 30 }, (_, i) => ({ unidade: 'HPRECUS30', enderecoId: `HPQ${i}`, status: 3 })),
    );
    const [open] = await insertRows(t.app, [{ unidade: 'HPRECUS30', enderecoId: 'HPQOPEN' }]);
    await baseUnits('HPRECUS30', 1);
    const got = await check('admin', { unidade: 'HPRECUS30' });
    expect(got.map((m) => [m.origem, m.origem === 'workflow' ? m.id : 'base'])).toEqual([
      ['workflow', open],
      ['base', 'base'],
    ]);
  });

  it('rule “out-of-scope requests are told only as one detail-less match” (never instead of the caller’s own) — the caller’s own request is shown even when 25 of other scopes hold the same unit', async () => {
    const others = (unidade: string) =>
      insertRows(
        t.app,
        Array.from({ length: 25 }, (_, i) => ({
          unidade,
          enderecoId: `${unidade.slice(-2)}C${i}`,
          regional: OUTSIDE_REGIONAL,
          idEmpresa: co.tower,
        })),
      );
    const own = async (unidade: string) =>
      (
        await insertRows(t.app, [
          { unidade, enderecoId: `${unidade.slice(-2)}MINE`, regional: 7, idEmpresa: co.solicitante },
        ])
      )[0]!;
    const first = await own('HPCROWD01');
    await others('HPCROWD01');
    await others('HPCROWD02');
    const last = await own('HPCROWD02');
    for (const [unidade, mine] of [
      ['HPCROWD01', first],
      ['HPCROWD02', last],
    ] as const) {
      // 26 open requests hold it: the admin is shown 20 of them (the limit holds).
      expect(await check('admin', { unidade })).toHaveLength(20);
      for (const who of ['regional', 'solicitante']) {
        const got = await check(who, { unidade });
        expect(got[0], who).toEqual(OUT_OF_SCOPE);
        expect(got.slice(1), `${who} must see its own request ${mine} holding ${unidade}`).toEqual([
          expect.objectContaining({ id: mine, UC: unidade }),
        ]);
      }
    }
  });

  it('the other flow’s base units and requests are not matches', async () => {
    await baseUnits('HPAGUA001', 3, { fluxo: 'agua' });
    await insertRows(t.app, [
      { unidade: 'HPAGUA001', fluxo: 'agua', enderecoId: 'HPAG1' },
      { unidade: 'HPAGUA001', tipo: 'troca', enderecoId: 'HPAG2' },
    ]);
    expect(await check('admin', { unidade: 'HPAGUA001' })).toEqual([]);
  });
});

describe('the check on save (duplicate-guard.ts), one statement inside the save’s transaction', () => {
  it('a unit held by another scope is refused without its details, confirmation or not, and a forged id changes nothing', async () => {
    const [outside] = await insertRows(t.app, [
      { unidade: 'HPSAVE001', enderecoId: 'HPSAVEE1', regional: OUTSIDE_REGIONAL, idEmpresa: co.tower },
    ]);
    for (const extra of [{}, { confirmar_duplicidade: true }, { id: outside }]) {
      const res = await call(
        t.app,
        tok.solicitante!,
        '/api/novas-unidades/add',
        await newUnitPayload(t.app, { unidade: ' hpsave001 ', ...extra }),
      );
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({
        campo: 'unidade',
        msg: 'Unidade já cadastrada no workflow. Entre em contato com a regional responsável.',
      });
      expect(res.body).not.toContain(String(outside));
      expect(res.body).not.toMatch(/HPSAVEE1|São Paulo/);
    }
  });

  it('concurrent saves of one unit in case and space variants: exactly one is stored', async () => {
    const variants = ['HPCONC001', 'hpconc001', ' HPCONC001', 'HpConc001 ', 'HPCONC001\u200B', 'hPcOnC001'];
    const answers = await Promise.all(
      variants.map(async (unidade) =>
        call(t.app, tok.solicitante!, '/api/novas-unidades/add', await newUnitPayload(t.app, { unidade })),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422, 422, 422, 422, 422]);
    expect(await check('admin', { unidade: 'hpconc001' })).toHaveLength(1);
  });
});

describe('hostile input: a 4xx naming the field, never a 500, and nothing leaks', () => {
  it('NUL bytes, lone surrogates, huge strings, wrong types and out-of-range ids', async () => {
    const bodies: Record<string, unknown>[] = [
      { unidade: 'HP\u0000FORA01' },
      { unidade: '\u0000' },
      { unidade: 'HP\uD800FORA' },
      { unidade: '\uDFFF' },
      { unidade: 'X'.repeat(100_000) },
      { unidade: '' },
      { unidade: '   ' },
      { unidade: ['HPFORA01'] },
      { unidade: { $ne: null } },
      { unidade: 123456 },
      { unidade: null },
      {},
      { unidade: 'HPFORA01', id: -1 },
      { unidade: 'HPFORA01', id: 0 },
      { unidade: 'HPFORA01', id: 2_147_483_648 },
      { unidade: 'HPFORA01', id: 1.5 },
      { unidade: 'HPFORA01', id: '1 or 1=1' },
      { unidade: 'HPFORA01', id: [1] },
      { unidade: 'HPFORA01', id: 1e308 },
      { unidade: "HPFORA01' or '1'='1" },
      { unidade: '%' },
      { unidade: '_' },
    ];
    for (const url of [UNIT, ADDRESS]) {
      for (const body of bodies) {
        const sent =
          url === ADDRESS && 'unidade' in body
            ? { ...body, endereco_id: body.unidade, unidade: undefined }
            : body;
        const res = await call(t.app, tok.regional!, url, sent);
        const label = `${url} ${JSON.stringify(sent).slice(0, 80)}`;
        expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
        if (res.statusCode === 200) {
          for (const m of res.json().dados as Match[])
            if (m.origem === 'workflow') expect(m, label).toEqual(OUT_OF_SCOPE);
        } else expect(is4xx(res.statusCode), label).toBe(true);
      }
    }
    // Wildcards are not patterns: they are no identifier's characters, and refused as such (GUIDE §7).
    const wildcard = await call(t.app, tok.admin!, UNIT, { unidade: '%' });
    expect(wildcard.statusCode).toBe(422);
    expect(wildcard.json()).toMatchObject({ campo: 'unidade' });
  });

  it('a caller who cannot open a form cannot ask its duplicate check either', async () => {
    const forms = [
      ['/api/novas-unidades', LISTS.energiaNova],
      ['/api/unidades', LISTS.energiaTroca],
      ['/api/agua/novas-unidades', LISTS.aguaNova],
      ['/api/agua/unidades', LISTS.aguaTroca],
    ] as const;
    for (const who of DEMO_NAMES) {
      for (const [base, list] of forms) {
        const canList = (await call(t.app, tok[who]!, list, {})).statusCode === 200;
        const res = await call(t.app, tok[who]!, `${base}/validar-unidade`, { unidade: 'HPFORA01' });
        if (!canList) expect(res.statusCode, `${who} ${base}`).toBe(403);
      }
    }
  });
});
