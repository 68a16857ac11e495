import { describe, expect, it } from 'vitest';
import { judgeSave, normalizeValue, type SaveRules, type SaveSide } from './save-verdict.ts';

// The verdict a request or regularization save gets (403: may not at all; 422: invalid data or
// move), with the Portuguese message the user reads. The policies feed it; here it is fed directly.
const LABELS: Record<string, string> = {
  endereco_id: 'Endereço ID',
  site_id: 'Site ID',
  unidade: 'Unidade',
  fatura: 'Fatura',
  autorizacao: 'Autorização',
};
const STATUS_LABELS: Record<number, string> = {
  1: 'Em Validação Regional',
  2: 'Aprovada Regional',
  3: 'Recusada Regional',
  4: 'Em Validação Célula',
  7: 'Aprovada',
};

/** A regional at 1 (Em Validação Regional): may edit the address id, must fill it, may move to 2 or 3. */
const rules = (changes: Partial<SaveRules> = {}): SaveRules => ({
  canSave: true,
  reason: null,
  currentStatus: 1,
  statusChoices: [2, 3],
  fields: ['endereco_id', 'site_id', 'unidade'],
  editableFields: ['endereco_id'],
  editableFiles: ['fatura'],
  requiredFields: ['endereco_id'],
  requiredFiles: ['fatura'],
  fieldLabel: (field) => LABELS[field] ?? field,
  statusLabel: (status) => STATUS_LABELS[status] ?? String(status),
  roleMayChoose: (status) => [2, 3, 4].includes(status),
  ...changes,
});
const current: SaveSide = {
  status: 1,
  values: { endereco_id: 'END-1', site_id: 'SITE-1', unidade: null },
  files: ['fatura'],
};
const next = (values: Record<string, unknown> = {}, changes: Partial<SaveSide> = {}): SaveSide => ({
  status: 2,
  values,
  ...changes,
});

describe('who may save at all', () => {
  it('a save the policy refuses gets 403 with the policy’s reason', () => {
    const reason = 'Seu perfil não permite salvar esta solicitação.';
    expect(judgeSave(rules({ canSave: false, reason }), current, next())).toEqual({
      ok: false,
      code: 403,
      msg: reason,
    });
  });

  it('without a reason, a general refusal', () => {
    expect(judgeSave(rules({ canSave: false }), current, next())).toEqual({
      ok: false,
      code: 403,
      msg: 'Você não pode salvar esta solicitação.',
    });
  });
});

describe('the chosen status', () => {
  it('one of the choices passes', () => {
    expect(judgeSave(rules(), current, next())).toEqual({ ok: true });
    expect(judgeSave(rules(), current, next({}, { status: 3 }))).toEqual({ ok: true });
  });

  it('staying in a status one must leave: 422, asking for the next status', () => {
    expect(judgeSave(rules(), current, next({}, { status: 1 }))).toEqual({
      ok: false,
      code: 422,
      status: 1,
      msg: 'A solicitação não pode permanecer no status "Em Validação Regional". Escolha o próximo status.',
    });
  });

  it('a status the role chooses elsewhere but not from here: 422, naming both', () => {
    expect(judgeSave(rules(), current, next({}, { status: 4 }))).toEqual({
      ok: false,
      code: 422,
      status: 4,
      msg: 'A solicitação não pode passar de "Em Validação Regional" para "Em Validação Célula".',
    });
  });

  it('a status the role never chooses: 403', () => {
    expect(judgeSave(rules(), current, next({}, { status: 7 }))).toEqual({
      ok: false,
      code: 403,
      status: 7,
      msg: 'Você não pode escolher o status "Aprovada".',
    });
  });

  it('on creation, a status outside the choices is a 403, even one the role chooses later', () => {
    expect(
      judgeSave(
        rules({ currentStatus: null }),
        null,
        next({ endereco_id: 'E' }, { status: 4, files: ['fatura'] }),
      ),
    ).toEqual({
      ok: false,
      code: 403,
      status: 4,
      msg: 'Você não pode escolher o status "Em Validação Célula".',
    });
  });
});

describe('locked fields', () => {
  it('changing a field this role may not edit in this status: 403 naming it', () => {
    expect(judgeSave(rules(), current, next({ site_id: 'SITE-2' }))).toEqual({
      ok: false,
      code: 403,
      field: 'site_id',
      msg: 'O campo Site ID não pode ser alterado neste status.',
    });
  });

  it('filling a locked field on creation: 403 "não pode ser preenchido por você"', () => {
    expect(
      judgeSave(
        rules({ currentStatus: null }),
        null,
        next({ endereco_id: 'E', unidade: 'UC-9' }, { files: ['fatura'] }),
      ),
    ).toEqual({
      ok: false,
      code: 403,
      field: 'unidade',
      msg: 'O campo Unidade não pode ser preenchido por você.',
    });
  });

  it('a locked field sent back unchanged passes: spaces, blank for null and numbers as text are the same', () => {
    expect(judgeSave(rules(), current, next({ site_id: '  SITE-1 ', unidade: '' }))).toEqual({ ok: true });
    expect(
      judgeSave(rules(), { ...current, values: { ...current.values, unidade: 12 } }, next({ unidade: '12' })),
    ).toEqual({
      ok: true,
    });
  });

  it('clearing a locked field is a change', () => {
    expect(judgeSave(rules(), current, next({ site_id: '' }))).toMatchObject({
      ok: false,
      code: 403,
      field: 'site_id',
    });
  });

  it('an editable field may change', () => {
    expect(judgeSave(rules(), current, next({ endereco_id: 'END-2' }))).toEqual({ ok: true });
  });
});

describe('attachments', () => {
  it('sending a file this role may not send in this status: 403 naming it', () => {
    expect(judgeSave(rules(), current, next({}, { files: ['fatura', 'autorizacao'] }))).toEqual({
      ok: false,
      code: 403,
      field: 'autorizacao',
      msg: 'O arquivo Autorização não pode ser enviado neste status.',
    });
  });

  it('a required file missing from the record and the save: 422', () => {
    expect(judgeSave(rules(), { ...current, files: [] }, next())).toEqual({
      ok: false,
      code: 422,
      field: 'fatura',
      msg: 'O arquivo Fatura é obrigatório.',
    });
    expect(judgeSave(rules({ currentStatus: null }), null, next({ endereco_id: 'E' }))).toMatchObject({
      code: 422,
      field: 'fatura',
    });
  });

  it('a required file already stored, or sent now, passes', () => {
    expect(judgeSave(rules(), current, next())).toEqual({ ok: true });
    expect(judgeSave(rules(), { ...current, files: [] }, next({}, { files: ['fatura'] }))).toEqual({
      ok: true,
    });
  });
});

describe('required fields', () => {
  it('a required field sent blank: 422 naming it', () => {
    expect(judgeSave(rules(), current, next({ endereco_id: '   ' }))).toEqual({
      ok: false,
      code: 422,
      field: 'endereco_id',
      msg: 'O campo Endereço ID é obrigatório.',
    });
  });

  it('a required field not sent keeps the stored value; missing there too, it is refused', () => {
    expect(judgeSave(rules(), current, next())).toEqual({ ok: true });
    const empty = { ...current, values: { ...current.values, endereco_id: null } };
    expect(judgeSave(rules(), empty, next())).toMatchObject({ ok: false, code: 422, field: 'endereco_id' });
    expect(judgeSave(rules({ currentStatus: null }), null, next({}, { files: ['fatura'] }))).toMatchObject({
      code: 422,
      field: 'endereco_id',
    });
  });
});

describe('the first problem is the one reported', () => {
  it('status before locked fields, locked fields before files, files before required values', () => {
    const everything = next({ site_id: 'X', endereco_id: '' }, { status: 7, files: ['autorizacao'] });
    const empty = { ...current, files: [] };
    expect(judgeSave(rules(), empty, everything)).toMatchObject({ code: 403, status: 7 });
    expect(judgeSave(rules(), empty, { ...everything, status: 2 })).toMatchObject({
      code: 403,
      field: 'site_id',
    });
    expect(judgeSave(rules(), empty, next({ endereco_id: '' }, { files: ['autorizacao'] }))).toMatchObject({
      code: 403,
      field: 'autorizacao',
    });
    expect(judgeSave(rules(), empty, next({ endereco_id: '' }))).toMatchObject({
      code: 422,
      field: 'endereco_id',
    });
  });
});

describe('normalizeValue: what counts as the same value', () => {
  it('blank, null and absent are nothing; text is trimmed', () => {
    expect(normalizeValue(undefined)).toBeNull();
    expect(normalizeValue(null)).toBeNull();
    expect(normalizeValue('  ')).toBeNull();
    expect(normalizeValue(' a b ')).toBe('a b');
  });

  it('numbers read as their text; dates as their instant; objects by their content', () => {
    expect(normalizeValue(7)).toBe('7');
    expect(normalizeValue(0)).toBe('0');
    expect(normalizeValue(false)).toBe('false');
    expect(normalizeValue(new Date('2026-03-05T12:00:00Z'))).toBe('2026-03-05T12:00:00.000Z');
    expect(normalizeValue({ a: 1 })).toBe('{"a":1}');
    expect(normalizeValue(['x'])).toBe('["x"]');
  });
});
