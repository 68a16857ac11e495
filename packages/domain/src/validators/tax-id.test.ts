import { describe, expect, it } from 'vitest';
import {
  cleanTaxId,
  formatCnpj,
  formatCpf,
  formatCpfOrCnpj,
  isValidCpfOrCnpj,
  maskKindWhileTyping,
  taxIdKind,
} from './tax-id.ts';

describe('CNPJ/CPF da UC Solicitada', () => {
  it('11 dígitos são lidos como CPF; o resto como CNPJ', () => {
    expect(taxIdKind('529.982.247-25')).toBe('cpf');
    expect(taxIdKind('11.222.333/0001-81')).toBe('cnpj');
    expect(taxIdKind('12.ABC.345/01DE-35')).toBe('cnpj');
  });

  it('aceita CPF válido, CNPJ numérico válido e CNPJ alfanumérico válido', () => {
    expect(isValidCpfOrCnpj('529.982.247-25')).toBe(true);
    expect(isValidCpfOrCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCpfOrCnpj('12.ABC.345/01DE-35')).toBe(true);
  });

  it('recusa CPF ou CNPJ com dígito errado e valores de outro tamanho', () => {
    expect(isValidCpfOrCnpj('529.982.247-26')).toBe(false);
    expect(isValidCpfOrCnpj('11.222.333/0001-80')).toBe(false);
    expect(isValidCpfOrCnpj('1234')).toBe(false);
  });

  it('guarda o valor sem máscara e em maiúsculas', () => {
    expect(cleanTaxId('12.abc.345/01de-35')).toBe('12ABC34501DE35');
  });
});

describe('Máscaras de CPF e CNPJ', () => {
  it('máscara de CPF: 000.000.000-00', () => {
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
    expect(formatCpf('5299')).toBe('529.9');
  });

  it('máscara de CNPJ alfanumérico: minúsculas viram maiúsculas', () => {
    expect(formatCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
  });

  it('máscara de CNPJ: os dois últimos caracteres só aceitam dígitos', () => {
    expect(formatCnpj('12ABC34501DEX5')).toBe('12.ABC.345/01DE-5');
  });

  it('enquanto digita: até 11 dígitos usa a máscara de CPF; letra ou 12º caractere troca para CNPJ', () => {
    expect(maskKindWhileTyping('529982')).toBe('cpf');
    expect(maskKindWhileTyping('52998224725')).toBe('cpf');
    expect(maskKindWhileTyping('529982247251')).toBe('cnpj');
    expect(maskKindWhileTyping('12A')).toBe('cnpj');
    expect(formatCpfOrCnpj('52998224725')).toBe('529.982.247-25');
    expect(formatCpfOrCnpj('112223330001')).toBe('11.222.333/0001');
    expect(formatCpfOrCnpj('12abc')).toBe('12.ABC');
  });
});

describe('máscaras a partir de um valor já mascarado', () => {
  it('CPF e CNPJ já com máscara saem iguais; no CNPJ, o que não é dígito no fim é descartado', () => {
    expect(formatCpf('123.456.789-09')).toBe('123.456.789-09');
    expect(formatCnpj('12.ABC.345/01DE-35')).toBe('12.ABC.345/01DE-35');
    expect(formatCnpj('12ABC34501DEX5')).toBe('12.ABC.345/01DE-5');
  });
});
