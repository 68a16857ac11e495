import { describe, expect, it } from 'vitest';
import {
  FORM_PAYMENT_TYPE_CODES,
  PAYMENT_TYPES,
  SITE_TYPES,
  TARIFF_MODALITIES,
  VOLTAGE_FORM_CODES,
  WATER_SITE_TYPE_CODES,
} from './enums.ts';
import { labelOf, pick } from './options.ts';
import { REGIONALS } from './regionals.ts';
import { TARIFF_SUBCLASSES } from './subclasses.ts';

describe('Enumerações', () => {
  it('sete regionais com ids 1 a 7: TCO TNO TLE TNE TRJ TSL TSP', () => {
    expect(REGIONALS.map((r) => `${r.id}${r.sigla}`).join(' ')).toBe('1TCO 2TNO 3TLE 4TNE 5TRJ 6TSL 7TSP');
  });

  it('formulário da Nova Matrícula oferece os tipos de site 1, 7, 3, 4, 6 nessa ordem', () => {
    expect(pick(SITE_TYPES, WATER_SITE_TYPE_CODES).map((o) => o.label)).toEqual([
      'ADM',
      'Loja',
      'Prédio Industrial',
      'Rural',
      'Outros',
    ]);
  });

  it('formulários oferecem os tipos de pagamento PM e DA', () => {
    expect(pick(PAYMENT_TYPES, FORM_PAYMENT_TYPE_CODES).map((o) => o.label)).toEqual(['PM', 'DA']);
  });

  it('códigos de tensão do formulário de troca: bt é Baixa Tensão; ml, mt e gd são Média Tensão', () => {
    expect(VOLTAGE_FORM_CODES.map((o) => `${o.code}:${o.label}`)).toEqual([
      'bt:Baixa Tensão',
      'ml:Média Tensão',
      'mt:Média Tensão',
      'gd:Média Tensão',
    ]);
  });

  it('modalidade tarifária usa códigos de letra', () => {
    expect(labelOf(TARIFF_MODALITIES, 'ba')).toBe('Branca');
  });

  it('subclasses tarifárias vão de 1 a 40, todas com rótulo distinto', () => {
    expect(TARIFF_SUBCLASSES.map((s) => s.code)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(new Set(TARIFF_SUBCLASSES.map((s) => s.label)).size).toBe(40);
  });
});
