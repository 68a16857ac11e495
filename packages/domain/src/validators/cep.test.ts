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
