import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  cleanTypedText,
  cnpjField,
  flag,
  optionalCode,
  optionalEmail,
  optionalSmallCode,
  optionalText,
  optionalVersion,
  requiredCep,
  requiredEmail,
  requiredRef,
  requiredText,
} from './fields.ts';

// The field rules every payload schema is built from, and the Portuguese message each refusal
// names the field with (GUIDE §7: every input the schema does not expect gets a 4xx naming it).
const message = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe('text as the user meant it', () => {
  it('one Unicode form, ordinary spaces, no invisible format characters, trimmed', () => {
    expect(cleanTypedText('  Sa\u0303o\u00a0Paulo\u200b ')).toBe('São Paulo');
    expect(cleanTypedText('\ufeffRua\u2003A')).toBe('Rua A');
  });

  it('blank is null; text past its maximum, a NUL byte or a lone surrogate is refused naming the field', () => {
    const bairro = optionalText(5, 'Bairro');
    expect(bairro.parse('   ')).toBeNull();
    expect(bairro.parse(' Sé ')).toBe('Sé');
    expect(message(bairro, '123456')).toBe('O campo Bairro pode ter no máximo 5 caracteres.');
    expect(message(bairro, 'a\u0000b')).toBe('O campo Bairro contém caracteres inválidos.');
    expect(message(bairro, 'a\ud800b')).toBe('O campo Bairro contém caracteres inválidos.');
    expect(message(bairro, 12)).toBe('O campo Bairro é inválido.');
  });

  it('a required text missing or blank: "O campo … é obrigatório."', () => {
    const nome = requiredText(10, 'Nome');
    expect(message(nome, undefined)).toBe('O campo Nome é obrigatório.');
    expect(message(nome, '  ')).toBe('O campo Nome é obrigatório.');
    expect(nome.parse(' Ana ')).toBe('Ana');
  });
});

describe('codes, ids and versions', () => {
  it('a code of the catalogue, as number or text; anything else is refused naming the field', () => {
    const loja = optionalCode([1, 2], 'Tipo de Loja');
    expect(loja.parse('2')).toBe(2);
    expect(loja.parse('')).toBeNull();
    expect(message(loja, '3')).toBe('O campo Tipo de Loja é inválido.');
    expect(message(loja, 'dois')).toBe('O campo Tipo de Loja é inválido.');
    expect(message(loja, '2a')).toBe('O campo Tipo de Loja é inválido.');
  });

  it('a small code: a whole number from 1 to 32767', () => {
    const tipo = optionalSmallCode('Tipo de Protocolo');
    expect(tipo.parse('32767')).toBe(32767);
    for (const v of ['0', '-3', '32768', '1.5', 'x']) {
      expect(message(tipo, v), v).toBe('O campo Tipo de Protocolo deve ser um número inteiro de 1 a 32767.');
    }
  });

  it('a reference: required by name when missing, invalid when not a whole positive id', () => {
    const empresa = requiredRef('Empresa');
    expect(empresa.parse('7')).toBe(7);
    expect(message(empresa, undefined)).toBe('O campo Empresa é obrigatório.');
    expect(message(empresa, 'sete')).toBe('O campo Empresa é inválido.');
    expect(message(empresa, 0)).toBe('O campo Empresa é inválido.');
    expect(message(empresa, 2_147_483_648)).toBe('O campo Empresa é inválido.');
    expect(message(empresa, '-7')).toBe('O campo Empresa é inválido.');
  });

  it('the version sent back on edit: a whole number from 0', () => {
    expect(optionalVersion.parse('3')).toBe(3);
    expect(optionalVersion.parse(0)).toBe(0);
    expect(optionalVersion.parse(undefined)).toBeUndefined();
    expect(message(optionalVersion, -1)).toBe('O campo Versão é inválido.');
    expect(message(optionalVersion, 'v3')).toBe('O campo Versão é inválido.');
  });

  it('a flag: 1, "1" and "true" are yes; 0, "0" and "false" are no; anything else is refused', () => {
    const ativo = flag('Ativo');
    for (const v of [1, '1', 'true', true]) expect(ativo.parse(v), String(v)).toBe(true);
    for (const v of [0, '0', 'false', false]) expect(ativo.parse(v), String(v)).toBe(false);
    expect(message(ativo, 'sim')).toBe('O campo Ativo é inválido.');
  });
});

describe('e-mails, postal codes and CNPJs', () => {
  it('a required e-mail: missing is "obrigatório", malformed is "inválido"', () => {
    const email = requiredEmail('E-mail');
    expect(message(email, undefined)).toBe('O campo E-mail é obrigatório.');
    expect(message(email, ' ')).toBe('O campo E-mail é obrigatório.');
    expect(message(email, 'ana@')).toBe('O campo E-mail é inválido.');
    expect(message(email, `${'a'.repeat(195)}@b.com`)).toBe(
      'O campo E-mail pode ter no máximo 200 caracteres.',
    );
    expect(email.parse(' ana@b.com ')).toBe('ana@b.com');
  });

  it('an optional e-mail may be left blank', () => {
    expect(optionalEmail('E-mail do Focal 1').parse('')).toBeNull();
    expect(message(optionalEmail('E-mail do Focal 1'), 'x')).toBe('O campo E-mail do Focal 1 é inválido.');
  });

  it('a required postal code: 8 digits, stored without the hyphen', () => {
    expect(requiredCep.parse('01310-100')).toBe('01310100');
    expect(message(requiredCep, undefined)).toBe('O campo CEP é obrigatório.');
    expect(message(requiredCep, '0131-0100')).toBe('O CEP deve ter 8 dígitos.');
  });

  it('a required CNPJ: missing is "obrigatório", wrong is the form’s message; stored clean', () => {
    const cnpj = cnpjField('CNPJ inválido', true);
    expect(cnpj.parse('12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(message(cnpj, undefined)).toBe('O campo CNPJ é obrigatório.');
    expect(message(cnpj, '11.222.333/0001-80')).toBe('CNPJ inválido');
    expect(cnpjField('CNPJ Inválido', false).parse('')).toBeNull();
    expect(message(cnpjField('CNPJ Inválido', false), 5)).toBe('CNPJ Inválido');
  });
});

describe('zod’s own refusals name the field by its label', () => {
  it('a field without a message of its own: "O campo <label> é inválido." or "… é obrigatório."', () => {
    const schema = z.object({ page: z.number(), unidade: z.string() });
    expect(schema.safeParse({ page: 'x', unidade: 'U' }).error?.issues[0]?.message).toBe(
      'O campo Página é inválido.',
    );
    expect(schema.safeParse({ page: 1 }).error?.issues[0]?.message).toBe('O campo Unidade é obrigatório.');
  });
});
