import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseProvedor, concessionarias, solicitacoes } from '../../src/db/schema.ts';
import { createTestApp, login, type TestApp } from '../support/test-app.ts';
import { call, newUnitPayload, readRequest } from '../support/requests.ts';

/**
 * Issue 30, GUIDE §7: identifiers (unidade, número do medidor / hidrômetro, Endereço ID, Site ID,
 * matrícula/RGI, protocolo) are compared normalised — compatibility forms, marks stripped, upper
 * case — and hold only the characters a concessionaire's id has. A look-alike spelling of a unit
 * already in the workflow is either refused naming the field or caught as that duplicate; it is
 * never a new unit.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['solicitante', 'celula']) tokens[who] = await login(t.app, `${who}@demo.portal`);
});
afterAll(() => t.close());

const IN_WORKFLOW = 'Unidade já cadastrada no workflow. Entre em contato com a regional responsável.';
const ADDRESS_IN_WORKFLOW =
  'Endereço ID já cadastrado no workflow. Entre em contato com a regional responsável.';
const onlyAllowed = (label: string) =>
  `O campo ${label} aceita apenas letras de A a Z, algarismos de 0 a 9, espaço e os sinais - . /`;

const requestCount = async () => (await t.app.db.select({ n: count() }).from(solicitacoes))[0]!.n;

const add = async (overrides: Record<string, unknown>, url = '/api/novas-unidades/add') =>
  call(t.app, tokens.solicitante!, url, await newUnitPayload(t.app, overrides));

const waterPayload = async (overrides: Record<string, unknown>) => {
  const [sabesp] = await t.app.db.select().from(concessionarias).where(eq(concessionarias.nome, 'Sabesp'));
  const { id_tensao: _voltage, ...rest } = await newUnitPayload(t.app, {
    id_concessionaria: sabesp!.id,
    tipo_site: 7,
  });
  return { ...rest, ...overrides };
};

describe('a look-alike of a unit already in the workflow is that unit', () => {
  beforeAll(async () => {
    const first = await add({ unidade: 'UC012', endereco_id: 'END012' });
    expect(first.statusCode, first.body).toBe(200);
  });

  const caught = {
    'fullwidth digits and letters': 'ＵＣ０１２',
    'lower case': 'uc012',
    'a combining acute accent': 'UC0\u030112',
    'a zero-width space and joiner': 'U\u200BC01\u200D2',
    'mathematical bold digits': 'UC\u{1D7CE}\u{1D7CF}\u{1D7D0}',
  };
  for (const [how, unidade] of Object.entries(caught)) {
    it(`written with ${how}, it is refused as a duplicate naming Unidade, and the check finds it`, async () => {
      const before = await requestCount();
      const res = await add({ unidade });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toEqual({ error: 1, campo: 'unidade', msg: IN_WORKFLOW });
      expect(await requestCount()).toBe(before);
      const check = await call(t.app, tokens.solicitante!, '/api/novas-unidades/validar-unidade', {
        unidade,
      });
      expect(check.json().dados).toEqual([expect.objectContaining({ origem: 'workflow', UC: 'UC012' })]);
    });
  }

  it('an address id in fullwidth letters is refused as a duplicate naming Endereço ID', async () => {
    const res = await add({ endereco_id: 'ｅｎｄ０１２' });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({ error: 1, campo: 'endereco_id', msg: ADDRESS_IN_WORKFLOW });
  });
});

describe('characters no concessionaire id has are refused naming the field', () => {
  const foreign = {
    'Arabic-Indic digits': 'UC\u0660\u0661\u0662',
    'Devanagari digits': 'UC\u0966\u0967',
    'a Cyrillic letter that looks Latin': '\u0410C012',
    'a Greek letter that looks Latin': 'U\u03A7012',
    punctuation: 'UC#012',
  };
  for (const [how, value] of Object.entries(foreign)) {
    it(`Unidade with ${how}: 422, nothing written`, async () => {
      const before = await requestCount();
      const res = await add({ unidade: value });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toEqual({ error: 1, campo: 'unidade', msg: onlyAllowed('Unidade') });
      expect(await requestCount()).toBe(before);
    });
  }

  it('every identifier field of the form is held to it, each named by its label', async () => {
    const fields = { endereco_id: 'Endereço ID', site_id: 'Site ID', numero_medidor: 'Número do Medidor' };
    for (const [field, label] of Object.entries(fields)) {
      const res = await add({ [field]: 'AB\u0661\u0662' });
      expect(res.statusCode, `${field}: ${res.body}`).toBe(422);
      expect(res.json()).toEqual({ error: 1, campo: field, msg: onlyAllowed(label) });
    }
  });

  it('the water form speaks of Matrícula/RGI and Hidrômetro', async () => {
    for (const [field, label] of [
      ['unidade', 'Matrícula/RGI'],
      ['numero_medidor', 'Hidrômetro'],
    ] as const) {
      const res = await call(
        t.app,
        tokens.solicitante!,
        '/api/agua/novas-unidades/add',
        await waterPayload({ [field]: '١٢٣' }),
      );
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toEqual({ error: 1, campo: field, msg: onlyAllowed(label) });
    }
  });

  it('the cell cannot record a protocol in another script either', async () => {
    const created = await add({});
    const record = await readRequest(t.app, tokens.celula!, 'novas-unidades', created.json().dados.id);
    const res = await call(t.app, tokens.celula!, '/api/novas-unidades/edit', {
      id: record.id,
      version: record.version,
      protocolo: 'PROT-\u0661\u0662',
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({ error: 1, campo: 'protocolo', msg: onlyAllowed('Protocolo') });
  });

  it('the duplicate check refuses them too, instead of answering "no match"', async () => {
    const res = await call(t.app, tokens.solicitante!, '/api/novas-unidades/validar-unidade', {
      unidade: 'UC٠١٢',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: 1, campo: 'unidade', msg: onlyAllowed('Unidade') });
  });
});

describe('identifiers are stored in their one spelling', () => {
  it('a unit typed in lower case, fullwidth or with accents is stored and read back normalised', async () => {
    const res = await add({
      unidade: 'ｕｃ-77/ａ',
      endereco_id: 'rua são 9',
      site_id: 'spsit\u00A077',
      numero_medidor: 'méd.1',
    });
    expect(res.statusCode, res.body).toBe(200);
    const record = await readRequest(t.app, tokens.solicitante!, 'novas-unidades', res.json().dados.id);
    expect(record).toMatchObject({
      unidade: 'UC-77/A',
      endereco_id: 'RUA SAO 9',
      site_id: 'SPSIT 77',
      numero_medidor: 'MED.1',
    });
  });

  it('a unit of the provider base written with fullwidth digits is found in the base', async () => {
    const [unit] = await t.app.db
      .select()
      .from(baseProvedor)
      .where(eq(baseProvedor.fluxo, 'energia'))
      .limit(1);
    const fullwidth = unit!.uc.replace(/[0-9A-Z]/g, (c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0));
    const res = await call(t.app, tokens.solicitante!, '/api/novas-unidades/validar-unidade', {
      unidade: fullwidth,
    });
    expect(res.json().dados).toEqual(
      expect.arrayContaining([expect.objectContaining({ origem: 'base', UC: unit!.uc })]),
    );
  });
});

describe('a record the migration left in its old spelling (0015)', () => {
  it('sent back as it was read, it saves: the identifier is no change and no new duplicate', async () => {
    const kept = await add({ unidade: 'UCLEG1' });
    const legacy = await add({});
    const id = legacy.json().dados.id as number;
    // The look-alike the migration would not fold, since 'UCLEG1' is in the workflow.
    await t.app.db.update(solicitacoes).set({ unidade: 'ＵＣＬＥＧ１' }).where(eq(solicitacoes.id, id));
    expect(kept.statusCode).toBe(200);
    const record = await readRequest(t.app, tokens.solicitante!, 'novas-unidades', id);
    const res = await call(t.app, tokens.solicitante!, '/api/novas-unidades/edit', {
      ...record,
      observacao: 'Sem mudança na unidade.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await readRequest(t.app, tokens.solicitante!, 'novas-unidades', id)).unidade).toBe(
      'ＵＣＬＥＧ１',
    );
  });
});

describe('concurrent look-alike saves (run with TEST_DATABASE_URL on PostgreSQL, where they overlap)', () => {
  it('of ten spellings of one unit sent at once, exactly one is saved', async () => {
    const spellings = [
      'UCPAR01',
      'ucpar01',
      'ＵＣＰＡＲ０１',
      'UCPAR0\u03011',
      'U\u200BCPAR01',
      'ucpaR01',
      'ＵCPAR01',
      'UCPAR０1',
      'uCpAr01',
      'UCPA\u0301R01',
    ];
    const payload = await newUnitPayload(t.app);
    const answers = await Promise.all(
      spellings.map((unidade, i) =>
        call(t.app, tokens.solicitante!, '/api/novas-unidades/add', {
          ...payload,
          unidade,
          endereco_id: `PAR${i}`,
        }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 422).map((r) => r.json().msg)).toEqual(
      Array(9).fill(IN_WORKFLOW),
    );
    const [{ n } = { n: 0 }] = await t.app.db
      .select({ n: count() })
      .from(solicitacoes)
      .where(eq(sql`lower(${solicitacoes.unidade})`, 'ucpar01'));
    expect(n).toBe(1);
  });
});
