import { describe, expect, it } from 'vitest';
import { fieldKind, isIdentifierField } from './field-kinds.ts';

// What each request field holds (one table for payloads, inputs and columns).
describe('identifier fields: compared normalised, held to the characters ids can have', () => {
  it('unit, meter, address and site ids, protocol and the new unit are identifiers', () => {
    for (const field of [
      'endereco_id',
      'site_id',
      'unidade',
      'numero_medidor',
      'protocolo',
      'nova_uc',
      'unidade_nova',
    ]) {
      expect(isIdentifierField(field), field).toBe(true);
    }
  });

  it('free texts, codes, dates and unknown names are not', () => {
    for (const field of [
      'endereco',
      'bairro',
      'observacao',
      'tipo_de_loja',
      'data_ativacao',
      'cep',
      'nada',
    ]) {
      expect(isIdentifierField(field), field).toBe(false);
    }
  });

  it('each field says what it holds', () => {
    expect(fieldKind('data_ativacao')).toEqual({ kind: 'date' });
    expect(fieldKind('cnpj_solicitada')).toEqual({ kind: 'taxId' });
    expect(fieldKind('id_protocolo')).toEqual({ kind: 'smallint' });
    expect(fieldKind('regional')).toEqual({ kind: 'regional' });
  });
});
