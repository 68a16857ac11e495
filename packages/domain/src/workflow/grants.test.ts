import { describe, expect, it } from 'vitest';
import { STATUS } from '../catalogs/request-status.ts';
import { CREATION_GRANT, grantFor, roleMayEverChoose, roleStatusChoices, withCorrection } from './grants.ts';

// What each role may change in each status (spec part 1 §4 'Editability', part 2 §4.3), and the
// statuses it may choose (§4 'Status choices').
const ADDRESS_AND_STORE = ['endereco_id', 'site_id', 'tipo_de_loja', 'observacao'];

describe('a fix at 9 (Recusada Célula - Tower/Property) sends the request back to the cell', () => {
  it('the tower sends its complementary file and can only return the request to 4', () => {
    expect(grantFor('tower', STATUS.RECUSADA_CELULA_TOWER, 'energia')).toEqual({
      fields: ['observacao'],
      files: ['complementar_tower'],
      keepStatus: false,
      moves: [STATUS.EM_VALIDACAO_CELULA],
    });
  });

  it('on water, Property Management fixes the ids and the store type at 9, and returns it to 4', () => {
    expect(grantFor('property', STATUS.RECUSADA_CELULA_TOWER, 'agua')).toEqual({
      fields: ADDRESS_AND_STORE,
      files: [],
      keepStatus: false,
      moves: [STATUS.EM_VALIDACAO_CELULA],
    });
  });

  it('on energy, 9 is the tower’s: Property Management has nothing to do there', () => {
    expect(grantFor('property', STATUS.RECUSADA_CELULA_TOWER, 'energia')).toBeNull();
  });

  it('the cell may still reopen or close a 9 nobody fixes (no dead end): observation only, status kept allowed', () => {
    expect(grantFor('celula', STATUS.RECUSADA_CELULA_TOWER, 'energia')).toEqual({
      fields: ['observacao'],
      files: [],
      keepStatus: true,
    });
  });
});

describe('who edits what, status by status', () => {
  it('the regional fixes the address ids while the request is at 0 or 1, and only observes at 2', () => {
    for (const status of [STATUS.INICIADA, STATUS.EM_VALIDACAO_REGIONAL]) {
      expect(grantFor('regional', status, 'energia')?.fields).toEqual([
        'endereco_id',
        'site_id',
        'observacao',
      ]);
    }
    expect(grantFor('regional', STATUS.APROVADA_REGIONAL, 'agua')?.fields).toEqual(['observacao']);
  });

  it('the cell fills its whole block, tracking and complementary file where it decides', () => {
    for (const status of [2, 4, 5, 10, 12, 14, 16] as const) {
      const grant = grantFor('celula', status, 'energia');
      expect(grant?.files, `status ${status}`).toEqual(['complementar']);
      expect(grant?.fields).toEqual(
        expect.arrayContaining(['data_ativacao', 'protocolo', 'tipo_de_pagamento', 'observacao']),
      );
      expect(grant?.keepStatus).toBe(true);
    }
  });

  it('the tower sends the holder’s documents at 0', () => {
    expect(grantFor('tower', STATUS.INICIADA, 'energia')?.files).toEqual([
      'fatura',
      'comprovante_pagamento',
      'autorizacao',
    ]);
  });

  it('a role and status without a row is read-only: no grant', () => {
    expect(grantFor('regional', STATUS.APROVADA, 'energia')).toBeNull();
    expect(grantFor('terceiros', STATUS.INICIADA, 'energia')).toBeNull();
    expect(grantFor('amee', STATUS.INICIADA, 'agua')).toBeNull();
    expect(grantFor('celula', STATUS.APROVADA, 'energia')).toBeNull();
  });
});

describe('the creator’s correction while nobody has acted', () => {
  it('alone, it is what creating the request let them fill, and keeps the status', () => {
    expect(withCorrection(null)).toEqual({
      fields: CREATION_GRANT.fields,
      files: ['fatura', 'comprovante_pagamento', 'autorizacao'],
      keepStatus: true,
    });
    expect(CREATION_GRANT.fields).toEqual(
      expect.arrayContaining(['endereco_id', 'cnpj_solicitada', 'tipo_site', 'observacao']),
    );
  });

  it('a role that also works in that status keeps its own fields and moves besides, each once', () => {
    const property = grantFor('property', STATUS.INICIADA_PROPERTY, 'energia');
    const corrected = withCorrection(property);
    expect(corrected.keepStatus).toBe(true);
    expect(corrected.fields).toEqual([...new Set([...ADDRESS_AND_STORE, ...CREATION_GRANT.fields])]);
    expect(new Set(corrected.fields).size).toBe(corrected.fields.length);
    expect(withCorrection(grantFor('tower', STATUS.RECUSADA_CELULA_TOWER, 'energia'))).toMatchObject({
      keepStatus: true,
      moves: [STATUS.EM_VALIDACAO_CELULA],
      files: ['complementar_tower', 'fatura', 'comprovante_pagamento', 'autorizacao'],
    });
    expect('moves' in corrected).toBe(false);
  });
});

describe('status choices per role (spec part 1 §4)', () => {
  it('the regional approves or refuses at its level; the provider inserts or refuses; Property analyses', () => {
    expect(roleStatusChoices('regional')).toEqual([1, 2, 3]);
    expect(roleStatusChoices('celula')).toEqual([4, 5, 6, 7, 9]);
    expect(roleStatusChoices('amee')).toEqual([8, 14]);
    expect(roleStatusChoices('property')).toEqual([15, 16]);
  });

  it('requesters and the tower choose no status of their own', () => {
    for (const role of ['solicitante', 'tower', 'terceiros', 'grupo_tim', 'energy_efficiency'] as const) {
      expect(roleStatusChoices(role), role).toEqual([]);
    }
  });

  it('a role may ever choose its usual statuses and its rows’ own moves, nothing else', () => {
    expect(roleMayEverChoose('regional', STATUS.APROVADA_REGIONAL)).toBe(true);
    expect(roleMayEverChoose('regional', STATUS.APROVADA)).toBe(false);
    expect(roleMayEverChoose('tower', STATUS.EM_VALIDACAO_CELULA)).toBe(true);
    expect(roleMayEverChoose('tower', STATUS.APROVADA)).toBe(false);
    expect(roleMayEverChoose('property', STATUS.EM_VALIDACAO_CELULA)).toBe(true);
    expect(roleMayEverChoose('solicitante', STATUS.EM_VALIDACAO_CELULA)).toBe(false);
  });
});
