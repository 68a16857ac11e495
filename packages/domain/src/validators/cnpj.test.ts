import { describe, expect, it } from 'vitest';
import { cnpjCheckDigits, isValidCnpj } from './cnpj.ts';

describe('CNPJ numérico', () => {
  it('CNPJ numérico com dígitos verificadores corretos é válido (com ou sem máscara)', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11222333000181')).toBe(true);
  });

  it('CNPJ numérico com dígito verificador errado é inválido', () => {
    expect(isValidCnpj('11.222.333/0001-82')).toBe(false);
    expect(isValidCnpj('11.222.333/0001-91')).toBe(false);
  });

  it('CNPJ com todos os caracteres iguais é rejeitado', () => {
    expect(isValidCnpj('00000000000000')).toBe(false);
    expect(isValidCnpj('11.111.111/1111-11')).toBe(false);
  });

  it('CNPJ com tamanho diferente de 14 caracteres é inválido', () => {
    expect(isValidCnpj('1122233300018')).toBe(false);
    expect(isValidCnpj('112223330001811')).toBe(false);
  });
});

describe('CNPJ alfanumérico (desde julho de 2026)', () => {
  it('CNPJ alfanumérico: 12.ABC.345/01DE-35 é válido', () => {
    expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(cnpjCheckDigits('12ABC34501DE')).toBe('35');
  });

  it('CNPJ alfanumérico: letras minúsculas valem como maiúsculas', () => {
    expect(isValidCnpj('12.abc.345/01de-35')).toBe(true);
  });

  it('CNPJ alfanumérico: dígito verificador errado é inválido', () => {
    expect(isValidCnpj('12.ABC.345/01DE-36')).toBe(false);
    expect(isValidCnpj('12.ABC.345/01DF-35')).toBe(false);
  });

  it('CNPJ alfanumérico: dígitos verificadores são sempre numéricos', () => {
    expect(isValidCnpj('12.ABC.345/01DE-3A')).toBe(false);
  });

  it('CNPJ alfanumérico: caracteres fora de A–Z e 0–9 não são aceitos', () => {
    expect(isValidCnpj('12.ÁBC.345/01DE-35')).toBe(false);
  });

  it('CNPJ alfanumérico: todos os caracteres iguais é rejeitado', () => {
    expect(isValidCnpj('AAAAAAAAAAAAAA')).toBe(false);
  });
});

describe('CNPJ: a base do cálculo', () => {
  it('uma base que não tem exatamente 12 caracteres alfanuméricos é recusada', () => {
    for (const base of ['123', '1234567890123', '12345678901$']) {
      expect(() => cnpjCheckDigits(base), base).toThrow('A base do CNPJ tem 12 caracteres alfanuméricos.');
    }
  });
});
