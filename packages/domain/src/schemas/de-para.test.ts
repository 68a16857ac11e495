import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { deParaDeMax, deParaFilter, deParaParaMax, deParaSaveBody, deParaTaken } from './de-para.ts';

// /de-para (issue 11): how the provider's export writes a value and the portal's value it stands for.
const issues = (result: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) => result.error?.issues.map((i) => [i.path.join('.'), i.message]);
const save = (body: Record<string, unknown>) => deParaSaveBody.safeParse(body);

describe('the tipo of a mapping', () => {
  it('missing is "obrigatório"; outside the catalogue "inválido"; spaces around it are dropped', () => {
    expect(issues(save({ de: 'a', para: 'b' }))).toEqual([['tipo', 'O campo Tipo é obrigatório.']]);
    expect(issues(save({ tipo: '  ', de: 'a', para: 'b' }))).toEqual([
      ['tipo', 'O campo Tipo é obrigatório.'],
    ]);
    expect(issues(save({ tipo: 'x', de: 'a', para: 'b' }))).toEqual([['tipo', 'O campo Tipo é inválido.']]);
    expect(issues(save({ tipo: 3, de: 'a', para: 'b' }))).toEqual([['tipo', 'O campo Tipo é inválido.']]);
    expect(save({ tipo: ' concessionaria ', de: 'a', para: 'b' }).data?.tipo).toBe('concessionaria');
  });

  it('the list filter: "Todos", blank or none lists every tipo', () => {
    const filter = z.object(deParaFilter);
    for (const tipo of ['Todos', '', null, undefined]) expect(filter.parse({ tipo }).tipo).toBeUndefined();
    expect(filter.parse({ tipo: 'tensao' }).tipo).toBe('tensao');
    expect(issues(filter.safeParse({ tipo: 'x' }))).toEqual([['tipo', 'O campo Tipo é inválido.']]);
  });
});

describe('how long "de" and "para" may be: as wide as the provider’s column they match', () => {
  it('the maxima by tipo', () => {
    expect([deParaDeMax('concessionaria'), deParaParaMax('concessionaria')]).toEqual([120, 120]);
    expect([deParaDeMax('regional'), deParaParaMax('regional')]).toEqual([40, 120]);
    expect([deParaDeMax('tensao'), deParaParaMax('tensao')]).toEqual([40, 40]);
  });

  it('past the maximum of its tipo, the refusal names the field, the maximum and the tipo', () => {
    expect(save({ tipo: 'tensao', de: 'x'.repeat(40), para: 'y'.repeat(40) }).success).toBe(true);
    expect(issues(save({ tipo: 'tensao', de: 'x'.repeat(41), para: 'y'.repeat(41) }))).toEqual([
      ['de', 'O campo De (valor do provedor) pode ter no máximo 40 caracteres para o tipo Tensão.'],
      ['para', 'O campo Para (valor do portal) pode ter no máximo 40 caracteres para o tipo Tensão.'],
    ]);
    expect(issues(save({ tipo: 'regional', de: 'x'.repeat(41), para: '3' }))).toEqual([
      ['de', 'O campo De (valor do provedor) pode ter no máximo 40 caracteres para o tipo Regional.'],
    ]);
    expect(save({ tipo: 'concessionaria', de: 'x'.repeat(120), para: 'y'.repeat(120) }).success).toBe(true);
  });
});

describe('a regional is mapped to a regional’s id', () => {
  it('the id as text or as a number; a name or an id out of range is refused', () => {
    expect(save({ tipo: 'regional', de: 'TSP', para: 3 }).data?.para).toBe('3');
    expect(save({ tipo: 'regional', de: 'TSP', para: '2147483647' }).success).toBe(true);
    const refusal = [['para', 'O campo Para (valor do portal) deve ser uma Regional cadastrada.']];
    for (const para of ['TSP', '0', '2147483648', '3a', 'a3']) {
      expect(issues(save({ tipo: 'regional', de: 'TSP', para })), para).toEqual(refusal);
    }
  });

  it('other tipos take the portal’s name as typed', () => {
    expect(save({ tipo: 'concessionaria', de: 'ENEL SP', para: 'Enel São Paulo' }).data?.para).toBe(
      'Enel São Paulo',
    );
  });
});

describe('a value already mapped', () => {
  it('names the field and the tipo', () => {
    expect(deParaTaken('concessionaria')).toBe(
      'O valor do campo De (valor do provedor) já está cadastrado para o tipo Concessionária.',
    );
    expect(deParaTaken('tensao')).toBe(
      'O valor do campo De (valor do provedor) já está cadastrado para o tipo Tensão.',
    );
  });
});
