import { describe, expect, it } from 'vitest';
import { recordOf } from '../../../test/fixtures.ts';

const aRecord = (overrides: Parameters<typeof recordOf>[2]) => recordOf('energia', 'nova', overrides);
import { changedFields } from './changedFields.ts';

describe('what someone else changed meanwhile (409)', () => {
  it('lists the fields whose stored value moved, the status and the attachments, and nothing else', () => {
    const before = aRecord({ numero: '10', bairro: 'Centro', status: 0 });
    const now = aRecord({
      numero: '12',
      bairro: 'Centro',
      status: 1,
      anexos: [{ id: 3, tipo: 'fatura', nome: 'f.pdf', tamanho: 10, url: '/api/arquivos/3' }],
    });
    expect(changedFields(before, now)).toEqual([
      { field: 'status', before: '0', after: '1' },
      { field: 'numero', before: '10', after: '12' },
      { field: 'anexos', before: null, after: null },
    ]);
  });

  it('blank and absent are the same value', () => {
    expect(changedFields(aRecord({ complemento: '' }), aRecord({ complemento: null }))).toEqual([]);
  });
});
