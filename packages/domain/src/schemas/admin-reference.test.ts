import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  concessionariaSaveBody,
  groupSaveBody,
  servedUfs,
  statusLabelEditBody,
  statusLabelFilter,
} from './admin-reference.ts';

// The payloads of access groups, concessionaires and status labels, and their Portuguese refusals.
const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message);
const concessionaire = { nome: 'Sabesp', sigla: 'SABESP', fluxo: 'agua', ufs: 'SP' };

describe('access groups', () => {
  it('the id is the group’s code; the flags default to off and read 0/1', () => {
    expect(groupSaveBody.parse({ id: '22845207', nome: 'Célula', papel: 'celula', cnpjs: '1' })).toEqual({
      id: 22845207,
      nome: 'Célula',
      papel: 'celula',
      cadastro: false,
      cnpjs: true,
      relatorios: false,
      empresas: false,
      usuarios: false,
    });
  });

  it('a role kind outside the list, a missing code or a bad flag is refused naming the field', () => {
    expect(messages(groupSaveBody.safeParse({ id: 1, nome: 'G', papel: 'chefe' }))).toEqual([
      'O campo Papel é inválido.',
    ]);
    expect(messages(groupSaveBody.safeParse({ nome: 'G', papel: 'celula' }))).toEqual([
      'O campo Código do Grupo é obrigatório.',
    ]);
    expect(
      messages(groupSaveBody.safeParse({ id: 1, nome: 'G', papel: 'celula', relatorios: 'sim' })),
    ).toEqual(['O campo Relatórios é inválido.']);
  });
});

describe('the UFs of a concessionaire or a regional', () => {
  it('"SP,RJ" or an array, any case, stored once each and in order', () => {
    expect(concessionariaSaveBody.parse({ ...concessionaire, ufs: ' rj, SP,rj ' }).ufs).toEqual(['RJ', 'SP']);
    expect(concessionariaSaveBody.parse({ ...concessionaire, ufs: ['sp'] }).ufs).toEqual(['SP']);
  });

  it('a concessionaire needs at least one UF; a regional may serve none', () => {
    expect(messages(concessionariaSaveBody.safeParse({ ...concessionaire, ufs: ' ' }))).toEqual([
      'Selecione pelo menos uma UF.',
    ]);
    expect(servedUfs.parse('')).toEqual([]);
    expect(servedUfs.parse('  ')).toEqual([]);
  });

  it('an unknown UF is refused; no list at all is "obrigatório"', () => {
    expect(messages(servedUfs.safeParse('SP,XX'))).toEqual(['UF inválida.']);
    expect(messages(concessionariaSaveBody.safeParse({ ...concessionaire, ufs: undefined }))).toEqual([
      'O campo UF é obrigatório.',
    ]);
  });

  it('a concessionaire is active unless said otherwise; its flow is energy or water', () => {
    expect(concessionariaSaveBody.parse(concessionaire).ativo).toBe(true);
    expect(messages(concessionariaSaveBody.safeParse({ ...concessionaire, fluxo: 'gas' }))).toEqual([
      'O campo Fluxo é inválido.',
    ]);
  });
});

describe('status labels', () => {
  it('only the label changes, and it is required', () => {
    expect(statusLabelEditBody.parse({ id: 3, rotulo: ' Aprovada ', codigo: 9 })).toEqual({
      id: 3,
      rotulo: 'Aprovada',
    });
    expect(messages(statusLabelEditBody.safeParse({ id: 3, rotulo: '' }))).toEqual([
      'O campo Rótulo é obrigatório.',
    ]);
  });

  it('the list filters by flow and by list: new units, changes or regularization', () => {
    const filter = z.object(statusLabelFilter);
    expect(filter.parse({ fluxo: 'energia', tipo: 'regularizacao' })).toEqual({
      fluxo: 'energia',
      tipo: 'regularizacao',
    });
    expect(messages(filter.safeParse({ tipo: 'outro' }))).toEqual(['O campo Tipo é inválido.']);
  });
});
