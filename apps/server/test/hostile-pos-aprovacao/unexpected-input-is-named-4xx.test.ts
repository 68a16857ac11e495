import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finalValidation, harness, is4xx, preValidation, type Harness } from './support.ts';

/**
 * GUIDE §7: every input the schema does not expect gets a 4xx naming the field (NUL bytes, lone
 * surrogates, out-of-range ids and dates included), never a 500, and nothing is written.
 * Each probe is collected; the test lists every one that broke the rule.
 */
let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h.t.close());

const show = (v: unknown) => {
  const s = typeof v === 'string' ? JSON.stringify(v) : (JSON.stringify(v) ?? String(v));
  return s.length > 40 ? `${s.slice(0, 37)}…(${s.length})` : s;
};

const BAD_IDS: unknown[] = [
  0,
  -1,
  1.5,
  2 ** 31,
  2 ** 53 + 2,
  1e308,
  '1e3',
  '0x10',
  [1],
  {},
  true,
  'abc',
  'A\u0000',
  '\uD800',
  '9'.repeat(400),
  ' ',
  null,
];
const BAD_TEXT: unknown[] = [
  'A\u0000B',
  '\uD800',
  'a\uDC00b',
  '\uDBFF',
  'x'.repeat(10_000),
  123,
  [],
  ['a'],
  {},
  true,
];
const BAD_DATES: unknown[] = [
  '2026-02-30',
  '2025-02-29',
  '0000-01-01',
  '99999-01-01',
  '2026-13-01',
  '2026-00-10',
  '2026-1-1',
  '2026-01-01T00:00:00Z',
  '01/02/2026',
  '+002026-01-01',
  '-2026-01-01',
  'infinity',
  'today',
  '2026-01-01\u0000',
  '\uD800',
  20260101,
  [],
  {},
  true,
];

type Probe = (
  body: Record<string, unknown>,
) => Promise<{ statusCode: number; body: string; json(): { msg?: string; campo?: string } }>;

/**
 * Sends `base` with `field` replaced by each value (or removed when the value is the symbol
 * MISSING) and returns the probes that broke the rule: not a 4xx, or no name of the field.
 */
const MISSING = Symbol('missing');
async function probeField(
  send: Probe,
  base: Record<string, unknown>,
  field: string,
  label: string,
  values: unknown[],
): Promise<string[]> {
  const broken: string[] = [];
  for (const value of values) {
    const body = { ...base };
    if (value === MISSING) delete body[field];
    else body[field] = value;
    const res = await send(body);
    const what = `${field}=${value === MISSING ? '<missing>' : show(value)}`;
    if (!is4xx(res.statusCode)) {
      broken.push(`${what}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      continue;
    }
    const json = res.json();
    if (json.campo !== field && !(json.msg ?? '').includes(label)) {
      broken.push(`${what}: ${res.statusCode} does not name the field: ${res.body.slice(0, 160)}`);
    }
  }
  return broken;
}

describe('pre-validation (tipo 1): every field', () => {
  it('each unexpected value is a 4xx naming its field, and nothing is written', async () => {
    const u = await h.unit();
    const base = preValidation(u);
    const send: Probe = (b) => h.validate('amee', b);
    const broken = [
      ...(await probeField(send, base, 'id', 'ID', [...BAD_IDS, MISSING])),
      ...(await probeField(send, base, 'version', 'Versão', [...BAD_IDS, -0.5, MISSING])),
      ...(await probeField(send, base, 'tipo', 'Tipo', [
        '1',
        [1],
        {},
        3,
        0,
        -1,
        1.5,
        true,
        null,
        'pre',
        '\u0000',
        MISSING,
      ])),
      ...(await probeField(send, base, 'status', 'Status', [
        3,
        0,
        -1,
        1.5,
        '3',
        'Aprovado',
        [1],
        {},
        null,
        true,
        2 ** 53,
        MISSING,
      ])),
      ...(await probeField(send, base, 'responsavel', 'Responsável', [
        ...BAD_TEXT,
        '',
        '   ',
        '\u200B',
        null,
        MISSING,
      ])),
      ...(await probeField(send, base, 'cargo', 'Cargo', [...BAD_TEXT, '', null, MISSING])),
      ...(await probeField(send, base, 'identificacao_tim', 'Identificação TIM', [
        ...BAD_TEXT,
        'x'.repeat(31),
      ])),
      ...(await probeField(send, base, 'elemento_de_rede', 'Elemento de Rede', [
        ...BAD_TEXT,
        'x'.repeat(41),
      ])),
      ...(await probeField(send, base, 'tipologia', 'Tipologia', [...BAD_TEXT, 'x'.repeat(41)])),
      ...(await probeField(send, base, 'observacao', 'Observação', [...BAD_TEXT, 'x'.repeat(1001)])),
      ...(await probeField(send, base, 'data_validacao', 'Data da Validação', [
        ...BAD_DATES,
        null,
        '',
        MISSING,
      ])),
    ];
    expect(broken).toEqual([]);
    expect(await h.effects(u.id)).toMatchObject({
      validacoes: 0,
      observacoes: 0,
      status: 0,
      audit: 0,
      version: u.version,
      posEtapa: 1,
    });
  });
});

describe('final validation (tipo 2): every field', () => {
  it('each unexpected value is a 4xx naming its field, and nothing is written', async () => {
    const u = await h.atStage(2, { pagamento: 2 });
    const base = finalValidation(u, { chave_debito: '0001-1234567' });
    const send: Probe = (b) => h.validate('amee', b);
    const before = await h.effects(u.id);
    const broken = [
      ...(await probeField(send, base, 'status', 'Status', [3, 0, 1.5, '3', [2], {}, null, MISSING])),
      ...(await probeField(send, base, 'chave_debito', 'Chave de Débito', [
        ...BAD_TEXT,
        'x'.repeat(31),
        '',
        null,
      ])),
      ...(await probeField(send, base, 'responsavel', 'Responsável', [...BAD_TEXT, '', MISSING])),
      ...(await probeField(send, base, 'observacao', 'Observação', [...BAD_TEXT, 'x'.repeat(1001)])),
    ];
    expect(broken).toEqual([]);
    expect(await h.effects(u.id)).toEqual(before);
  });
});

describe('follow-up: every field', () => {
  it('each unexpected value is a 4xx naming its field, and nothing is written', async () => {
    const u = await h.atStage(3);
    const base = {
      id: u.id,
      version: u.version,
      situacao: 1,
      data_primeira_fatura: '2026-01-05',
      data_recebimento_fatura: '2026-01-06',
    };
    const send: Probe = (b) => h.followUp('amee', b);
    const before = await h.effects(u.id);
    const broken = [
      ...(await probeField(send, base, 'id', 'ID', [...BAD_IDS, MISSING])),
      ...(await probeField(send, base, 'version', 'Versão', [...BAD_IDS, MISSING])),
      ...(await probeField(send, base, 'situacao', 'Situação da UC', [
        0,
        3,
        -1,
        1.5,
        '0',
        'Ativa',
        [2],
        {},
        null,
        true,
        MISSING,
      ])),
      ...(await probeField(send, base, 'data_primeira_fatura', 'Data de Emissão da 1ª Fatura', BAD_DATES)),
      ...(await probeField(
        send,
        base,
        'data_recebimento_fatura',
        'Data de Recebimento da 1ª Fatura',
        BAD_DATES,
      )),
      ...(await probeField(send, base, 'observacao', 'Observação', [...BAD_TEXT, 'x'.repeat(1001)])),
    ];
    expect(broken).toEqual([]);
    expect(await h.effects(u.id)).toEqual(before);
  });
});

describe('registro and list: every field', () => {
  it('registro: a bad id is a 4xx naming it', async () => {
    const broken = await probeField((b) => h.read('amee', b.id), { id: 1 }, 'id', 'ID', [...BAD_IDS]);
    expect(broken).toEqual([]);
    const missing = await h.raw('amee', 'registro', '{}');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toContain('ID');
  });

  it('list: bad lista, filtro, page, per_page and q are 4xx naming them', async () => {
    const send: Probe = (b) => h.list('amee', b);
    const base = { lista: 'pre-validacao' };
    const broken = [
      ...(await probeField(send, base, 'lista', 'Lista', [
        'x',
        1,
        [],
        {},
        null,
        '\u0000',
        '\uD800',
        'PRE-VALIDACAO',
        MISSING,
      ])),
      ...(await probeField(send, base, 'filtro', 'Filtro', [
        'x',
        1,
        [],
        {},
        '\u0000',
        'Todas',
        'constructor',
        '__proto__',
      ])),
      ...(await probeField(send, base, 'page', 'Página', [
        0,
        -1,
        1.5,
        2 ** 31,
        1e308,
        '1e3',
        'abc',
        [],
        {},
        true,
        '\u0000',
      ])),
      ...(await probeField(send, base, 'per_page', 'por página', [
        0,
        7,
        100,
        1000,
        -10,
        10.5,
        '7',
        [],
        {},
        1e308,
        true,
      ])),
      ...(await probeField(send, base, 'q', 'usca', [
        [],
        {},
        5,
        true,
        'a\u0000b',
        '\uD800x',
        'x'.repeat(10_000),
      ])),
    ];
    expect(broken).toEqual([]);
  });
});

describe('bodies that are not the expected object', () => {
  it('missing, null, array, scalar, broken JSON, other media types and prototype keys: 4xx on every call', async () => {
    const u = await h.unit();
    const broken: string[] = [];
    const payloads: [string | undefined, string?][] = [
      [undefined],
      [''],
      ['null'],
      ['[]'],
      ['[{"id":1}]'],
      ['"x"'],
      ['1'],
      ['true'],
      ['{'],
      ['{"id":1,}'],
      ['{"__proto__":{"tipo":1}}'],
      ['{"constructor":{"prototype":{"x":1}}}'],
      ['{"id":1}', 'text/plain'],
      ['id=1', 'application/x-www-form-urlencoded'],
      ['{"id":1}', 'application/xml'],
    ];
    for (const path of ['list', 'registro', 'validar', 'acompanhar']) {
      for (const [payload, type] of payloads) {
        const res = await h.raw('amee', path, payload, type);
        if (!is4xx(res.statusCode))
          broken.push(`${path} ${show(payload)} ${type ?? ''}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(broken).toEqual([]);
    expect(await h.effects(u.id)).toMatchObject({
      validacoes: 0,
      observacoes: 0,
      audit: 0,
      version: u.version,
    });
  });

  it('duplicate keys: the last one counts, consistently (a tipo 2 body smuggled after tipo 1 is a final validation, refused at stage 1)', async () => {
    const u = await h.unit();
    const payload = `{"id":${u.id},"version":${u.version},"tipo":1,"responsavel":"A","cargo":"B","data_validacao":"2026-01-01","status":1,"tipo":2}`;
    const res = await h.raw('amee', 'validar', payload);
    expect(res.statusCode, res.body).toBe(422);
    expect(await h.effects(u.id)).toMatchObject({
      validacoes: 0,
      observacoes: 0,
      audit: 0,
      version: u.version,
      posEtapa: 1,
    });
  });
});
