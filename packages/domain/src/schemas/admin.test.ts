import { describe, expect, it } from 'vitest';
import { companySaveBody, regionaisForRole, userSaveBody } from './admin.ts';

// The administration payloads (spec part 2 §5, §7) as the API reads them, and what it answers when
// it cannot.
const user = { name: 'Ana', email: 'ana@example.com', id_empresa: 1, id_grupo: 22845207, id_perfil: 2 };
const company = {
  razao_social: 'Torre SA',
  cnpj: '11.222.333/0001-81',
  cidade: 'Recife',
  cep: '50000-000',
  email: 'a@b.com',
  telefone: '(81) 3333-4444',
};
const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message);

describe('a user’s phone: area code and 8 or 9 digits, kept as digits; blank clears it', () => {
  it('masked, spaced or bare, it is stored as its digits', () => {
    expect(userSaveBody.parse({ ...user, telefone: ' (11) 91234-5678 ' }).telefone).toBe('11912345678');
    expect(userSaveBody.parse({ ...user, telefone: '1133334444' }).telefone).toBe('1133334444');
  });

  it('blank or null clears it; absent leaves it', () => {
    expect(userSaveBody.parse({ ...user, telefone: '  ' }).telefone).toBeNull();
    expect(userSaveBody.parse({ ...user, telefone: null }).telefone).toBeNull();
    expect(userSaveBody.parse(user)).not.toHaveProperty('telefone', null);
  });

  it('too short, too long for Brazil, or with letters: "O campo Telefone é inválido."', () => {
    for (const telefone of [
      '913334444',
      '+55 11 91234-5678',
      '11 9123A-5678',
      'x11912345678',
      '11912345678x',
      11912345678,
    ]) {
      expect(messages(userSaveBody.safeParse({ ...user, telefone })), String(telefone)).toEqual([
        'O campo Telefone é inválido.',
      ]);
    }
  });
});

describe('a company’s phone: required, 10 to 13 digits with any punctuation', () => {
  it('kept as typed, trimmed', () => {
    expect(companySaveBody.parse({ ...company, telefone: ' +55 (81) 3333-4444 ' }).telefone).toBe(
      '+55 (81) 3333-4444',
    );
  });

  it('missing, short or with letters is refused in Portuguese', () => {
    expect(messages(companySaveBody.safeParse({ ...company, telefone: undefined }))).toEqual([
      'O campo Telefone é obrigatório.',
    ]);
    for (const telefone of ['333-4444', '(81) 3333-444A', 'a8133334444', '8133334444a']) {
      expect(messages(companySaveBody.safeParse({ ...company, telefone })), telefone).toEqual([
        'O campo Telefone é inválido.',
      ]);
    }
  });
});

describe('the regionals of a user', () => {
  it('a comma list or an array of ids; blanks in the list are skipped', () => {
    expect(userSaveBody.parse({ ...user, regionais: ' 1, ,3 ' }).regionais).toEqual([1, 3]);
    expect(userSaveBody.parse({ ...user, regionais: [2] }).regionais).toEqual([2]);
    expect(userSaveBody.parse({ ...user, regionais: '' }).regionais).toEqual([]);
    expect(userSaveBody.parse(user).regionais).toEqual([]);
  });

  it('an id that is not a positive number is refused: "Regional inválida."', () => {
    expect(messages(userSaveBody.safeParse({ ...user, regionais: '1,x' }))).toEqual(['Regional inválida.']);
    expect(messages(userSaveBody.safeParse({ ...user, regionais: [0] }))).toEqual(['Regional inválida.']);
  });

  it('other role kinds keep what was ticked, once each, none included', () => {
    expect(regionaisForRole('celula', [])).toEqual({ ok: true, regionais: [] });
    expect(regionaisForRole('tower', [3, 1, 3])).toEqual({ ok: true, regionais: [3, 1] });
  });
});

describe('an administrator never sets a password', () => {
  it('a blank or null password is as if none was sent', () => {
    expect(userSaveBody.parse({ ...user, password: null }).password).toBeUndefined();
    expect(userSaveBody.parse({ ...user, password: '' }).password).toBeUndefined();
  });

  it('any other is kept, so the server can refuse it by name', () => {
    expect(userSaveBody.parse({ ...user, password: 'Segredo@2026' }).password).toBe('Segredo@2026');
    expect(userSaveBody.parse({ ...user, password: 0 }).password).toBe(0);
  });
});
