import { describe, expect, it } from 'vitest';
import { cleanCep, formatCep, isValidCep } from './cep.ts';

describe('CEP', () => {
  it('CEP tem 8 dígitos, com ou sem hífen', () => {
    expect(isValidCep('01310100')).toBe(true);
    expect(isValidCep('01310-100')).toBe(true);
  });

  it('CEP com menos ou mais de 8 dígitos, ou com letras, é inválido', () => {
    expect(isValidCep('0131010')).toBe(false);
    expect(isValidCep('013101000')).toBe(false);
    expect(isValidCep('01310-10A')).toBe(false);
  });

  it('CEP é guardado só com dígitos e exibido como 00000-000', () => {
    expect(cleanCep('01310-100')).toBe('01310100');
    expect(formatCep('01310100')).toBe('01310-100');
  });
});

describe('CEP: só o que é um CEP', () => {
  it('texto antes ou depois dos dígitos, ou hífen fora do lugar, é inválido', () => {
    for (const cep of ['x01310-100', '01310-100x', '0131-0100', '01.310100']) {
      expect(isValidCep(cep), cep).toBe(false);
    }
    expect(isValidCep(' 01310-100 ')).toBe(true);
  });

  it('a máscara entra depois do quinto dígito e para no oitavo', () => {
    expect(formatCep('01310')).toBe('01310');
    expect(formatCep('013101')).toBe('01310-1');
    expect(formatCep('013101009')).toBe('01310-100');
  });
});
