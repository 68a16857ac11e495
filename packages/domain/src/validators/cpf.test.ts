import { describe, expect, it } from 'vitest';
import { isValidCpf } from './cpf.ts';

describe('CPF', () => {
  it('CPF com os dois dígitos verificadores corretos é válido (com ou sem máscara)', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
  });

  it('CPF com o primeiro ou o segundo dígito verificador errado é inválido', () => {
    expect(isValidCpf('529.982.247-35')).toBe(false);
    expect(isValidCpf('529.982.247-24')).toBe(false);
  });

  it('CPF com todos os dígitos iguais é rejeitado', () => {
    for (let d = 0; d <= 9; d++) expect(isValidCpf(String(d).repeat(11))).toBe(false);
  });

  it('CPF com tamanho diferente de 11 dígitos é inválido', () => {
    expect(isValidCpf('5299822472')).toBe(false);
    expect(isValidCpf('529982247250')).toBe(false);
    expect(isValidCpf('')).toBe(false);
  });
});

describe('CPF: casos de borda do cálculo', () => {
  it('resto 2 dá dígito 9 (só resto 0 ou 1 dá 0)', () => {
    expect(isValidCpf('100.000.000-19')).toBe(true);
    expect(isValidCpf('100.000.000-10')).toBe(false);
  });

  it('dígitos repetidos só no começo ou só no fim não tornam o CPF inválido', () => {
    expect(isValidCpf('111.444.777-35')).toBe(true);
    expect(isValidCpf('100.000.013-33')).toBe(true);
  });
});
