import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concessionarias, solicitacoes } from '../../src/db/schema.ts';
import { createTestApp, login, type TestApp } from '../support/test-app.ts';
import { call, newUnitPayload, readRequest } from '../support/requests.ts';

/**
 * Hostile review of issue 30: look-alike identifiers the first round did not try — superscripts,
 * circled and Roman-numeral digits, soft hyphens, direction marks, Cyrillic letters — on add and on
 * edit, on the energy and the water forms, and in every identifier field. A look-alike of a stored
 * unit is that unit (a duplicate) or is refused naming the field; never a new unit.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['solicitante', 'celula']) tokens[who] = await login(t.app, `${who}@demo.portal`);
});
afterAll(() => t.close());

const IN_WORKFLOW = 'Unidade já cadastrada no workflow. Entre em contato com a regional responsável.';
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

describe('look-alikes the normaliser folds are the stored unit', () => {
  beforeAll(async () => {
    for (const unidade of ['UC123', 'UCXII']) expect((await add({ unidade })).statusCode).toBe(200);
  });

  const caught: Record<string, string> = {
    'superscript digits': 'UC¹²³',
    'circled digits': 'UC①②③',
    'subscript digits': 'UC₁₂₃',
    'a Roman numeral twelve (one character)': 'UCⅫ',
    'a soft hyphen': 'UC1\u00AD23',
    'right-to-left and left-to-right marks': '\u200FUC12\u200E3',
    'a right-to-left embedding and pop': 'UC\u202B123\u202C',
    'a zero-width joiner and a word joiner': 'U\u200DC1\u206023',
    'a combining grapheme joiner': 'UC1\u034F23',
    'a variation selector': 'UC1\uFE0F23',
    'a tag character': 'UC12\u{E0031}3',
    'mathematical double-struck digits': 'UC\u{1D7D9}\u{1D7DA}\u{1D7DB}',
    'mathematical monospace letters': '\u{1D684}\u{1D672}123',
  };
  for (const [how, unidade] of Object.entries(caught)) {
    it(`${how}: refused as the duplicate it is, nothing written`, async () => {
      const before = await requestCount();
      const res = await add({ unidade });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ error: 1, campo: 'unidade' });
      expect(await requestCount()).toBe(before);
    });
  }

  it('an edit that writes a look-alike of another request’s unit is refused as a duplicate', async () => {
    const other = await add({});
    const record = await readRequest(t.app, tokens.solicitante!, 'novas-unidades', other.json().dados.id);
    for (const unidade of ['ＵＣ１２３', 'UC¹²³', 'UC①②③', 'uc1\u00AD23']) {
      const res = await call(t.app, tokens.solicitante!, '/api/novas-unidades/edit', {
        id: record.id,
        version: record.version,
        unidade,
      });
      expect(res.statusCode, `${unidade}: ${res.body}`).toBe(422);
      expect(res.json()).toEqual({ error: 1, campo: 'unidade', msg: IN_WORKFLOW });
    }
    expect((await readRequest(t.app, tokens.solicitante!, 'novas-unidades', record.id)).unidade).toBe(
      record.unidade,
    );
  });

  it('a water matrícula written with circled digits is the stored one', async () => {
    expect(
      (
        await call(
          t.app,
          tokens.solicitante!,
          '/api/agua/novas-unidades/add',
          await waterPayload({ unidade: 'RGI456' }),
        )
      ).statusCode,
    ).toBe(200);
    const res = await call(
      t.app,
      tokens.solicitante!,
      '/api/agua/novas-unidades/add',
      await waterPayload({ unidade: 'rgi④⑤⑥' }),
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ error: 1, campo: 'unidade' });
  });

  it('the address-id check finds a stored address id written with superscripts', async () => {
    expect((await add({ endereco_id: 'END789' })).statusCode).toBe(200);
    const res = await call(t.app, tokens.solicitante!, '/api/novas-unidades/validar-endereco', {
      endereco_id: 'end⁷⁸⁹',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dados).toEqual([expect.objectContaining({ origem: 'workflow' })]);
  });
});

describe('characters no concessionaire id has, in every field, on add and on edit', () => {
  const foreign: Record<string, string> = {
    'Cyrillic А and О (look like Latin A and O)': '\u0410\u041E12',
    'Cyrillic Е and С': '\u0415\u042112',
    'a Hangul filler (an invisible letter)': 'UC\u3164123',
    'a Braille blank': 'UC\u2800123',
    'a fraction slash (looks like /)': 'UC1\u20442',
    'a hyphen U+2010 (looks like -)': 'UC1\u20102',
    'a Greek question mark (looks like ;)': 'UC1\u037E2',
    'Arabic-Indic digits on water': '\u0661\u0662\u0663',
  };
  const fields = {
    unidade: 'Unidade',
    numero_medidor: 'Número do Medidor',
    endereco_id: 'Endereço ID',
    site_id: 'Site ID',
  };

  for (const [how, value] of Object.entries(foreign)) {
    it(`${how}: refused naming each field on add`, async () => {
      for (const [field, label] of Object.entries(fields)) {
        const before = await requestCount();
        const res = await add({ [field]: value });
        expect(res.statusCode, `${field}: ${res.body}`).toBe(422);
        expect(res.json()).toEqual({ error: 1, campo: field, msg: onlyAllowed(label) });
        expect(await requestCount()).toBe(before);
      }
    });
  }

  it('on edit, by the requester (unidade) and by the cell (protocolo, nova UC), and on the water form', async () => {
    const created = await add({});
    const record = await readRequest(t.app, tokens.solicitante!, 'novas-unidades', created.json().dados.id);
    const edit = (token: string, payload: Record<string, unknown>) =>
      call(t.app, token, '/api/novas-unidades/edit', { id: record.id, version: record.version, ...payload });
    const byRequester = await edit(tokens.solicitante!, { unidade: '\u0410\u041E12' });
    expect(byRequester.statusCode, byRequester.body).toBe(422);
    expect(byRequester.json()).toMatchObject({ campo: 'unidade' });
    const cell = await readRequest(t.app, tokens.celula!, 'novas-unidades', record.id);
    for (const field of ['protocolo', 'nova_uc']) {
      const res = await call(t.app, tokens.celula!, '/api/novas-unidades/edit', {
        id: cell.id,
        version: cell.version,
        [field]: 'P\u041E12',
      });
      expect(res.statusCode, `${field}: ${res.body}`).toBe(422);
      expect(res.json()).toMatchObject({ campo: field });
    }
    const water = await call(
      t.app,
      tokens.solicitante!,
      '/api/agua/novas-unidades/add',
      await waterPayload({ numero_medidor: 'HID\u041E1' }),
    );
    expect(water.statusCode, water.body).toBe(422);
    expect(water.json()).toEqual({ error: 1, campo: 'numero_medidor', msg: onlyAllowed('Hidrômetro') });
  });

  it('the cell records a protocol in superscripts and it is stored in its one spelling', async () => {
    const created = await add({});
    // In the cell's validation, where the cell fills the protocol.
    await t.app.db
      .update(solicitacoes)
      .set({ status: 4 })
      .where(eq(solicitacoes.id, created.json().dados.id));
    const cell = await readRequest(t.app, tokens.celula!, 'novas-unidades', created.json().dados.id);
    const res = await call(t.app, tokens.celula!, '/api/novas-unidades/edit', {
      id: cell.id,
      version: cell.version,
      protocolo: 'prot-¹²\u00AD³',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await readRequest(t.app, tokens.celula!, 'novas-unidades', cell.id)).protocolo).toBe('PROT-123');
  });
});
