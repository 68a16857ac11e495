import { describe, expect, it } from 'vitest';
import { listQuery, regularizationListQuery, requestListQuery, requestStatusFilter } from './list.ts';

// What a list call reads from its query string (spec §7 '…/list' with the guide's paging and the
// filters of issue 15), and the Portuguese refusal of what it cannot read.
const issues = (result: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) => result.error?.issues.map((i) => [i.path.join('.'), i.message]);

describe('the status filter of a request list', () => {
  it('one code, several as "1,3" or [1, 3], sorted and without repeats', () => {
    expect(requestStatusFilter.parse('4')).toEqual([4]);
    expect(requestStatusFilter.parse(4)).toEqual([4]);
    expect(requestStatusFilter.parse(' 9, 1 ,9')).toEqual([1, 9]);
    expect(requestStatusFilter.parse([10, 2])).toEqual([2, 10]);
  });

  it('"Todos", blank, null or absent: every status', () => {
    for (const v of ['Todos', '', '  ', null, undefined, []]) {
      expect(requestStatusFilter.parse(v), String(v)).toBeUndefined();
    }
  });

  it('an unknown status, or anything not a status code, is refused as "Status inválido."', () => {
    for (const v of ['11', '1,x', 'abc', [1, '2'], [17], -1, '1.5', { a: 1 }]) {
      expect(issues(requestStatusFilter.safeParse(v)), JSON.stringify(v)).toEqual([['', 'Status inválido.']]);
    }
  });

  it('more codes than there are statuses is refused before they are read', () => {
    expect(issues(requestStatusFilter.safeParse(Array(17).fill(1)))).toEqual([
      ['', 'Escolha no máximo 16 status.'],
    ]);
    expect(requestStatusFilter.safeParse('1,'.repeat(150)).success).toBe(false);
  });
});

describe('the request list’s other filters', () => {
  it('a UF in any case is read upper case; an unknown one is refused', () => {
    expect(requestListQuery.parse({ uf: ' sp ' }).uf).toBe('SP');
    expect(requestListQuery.parse({ uf: '' }).uf).toBeUndefined();
    expect(issues(requestListQuery.safeParse({ uf: 'XX' }))).toEqual([['uf', 'UF inválida.']]);
    expect(issues(requestListQuery.safeParse({ uf: 'ſp' }))).toEqual([['uf', 'UF inválida.']]);
    expect(issues(requestListQuery.safeParse({ uf: 7 }))).toEqual([['uf', 'UF inválida.']]);
  });

  it('the period of request: start on or before the end, refused on the end date otherwise', () => {
    expect(requestListQuery.parse({ de: '2026-01-01', ate: '2026-01-01' })).toMatchObject({
      de: '2026-01-01',
      ate: '2026-01-01',
    });
    expect(requestListQuery.parse({ de: '', ate: '' })).not.toHaveProperty('de', null);
    expect(requestListQuery.safeParse({ ate: '2026-01-01' }).success).toBe(true);
    expect(requestListQuery.safeParse({ de: '2026-01-01' }).success).toBe(true);
    expect(issues(requestListQuery.safeParse({ de: '2026-01-02', ate: '2026-01-01' }))).toEqual([
      ['ate', 'A data inicial deve ser anterior ou igual à data final.'],
    ]);
  });
});

describe('paging, status, search and order of every list', () => {
  it('page: a whole number from 1, as number or text', () => {
    expect(listQuery.parse({ page: ' 3 ' }).page).toBe(3);
    expect(listQuery.parse({ page: 2 }).page).toBe(2);
    for (const page of ['0', '-1', '1.5', 'x', '2a', 'a2']) {
      expect(issues(listQuery.safeParse({ page })), page).toEqual([['page', 'Página inválida.']]);
    }
  });

  it('status: one code, "Todos" or blank for all; a non-number is refused', () => {
    expect(listQuery.parse({ status: '8' }).status).toBe(8);
    expect(listQuery.parse({ status: 'Todos' }).status).toBeUndefined();
    expect(listQuery.parse({ status: ' ' }).status).toBeUndefined();
    expect(issues(listQuery.safeParse({ status: 'oito' }))).toEqual([['status', 'Status inválido.']]);
  });

  it('search: composed as stored text; under two characters it searches nothing', () => {
    expect(listQuery.parse({ q: 'A\u0303o' }).q).toBe('Ão');
    expect(listQuery.parse({ q: '   ' }).q).toBeUndefined();
  });

  it('order: descending unless ascending is asked for', () => {
    expect(listQuery.parse({ order: '' }).order).toBe('desc');
    expect(listQuery.parse({ order: 'asc' }).order).toBe('asc');
    expect(issues(listQuery.safeParse({ order: 'up' }))).toEqual([['order', 'Ordem inválida.']]);
  });

  it('the regularization list also filters by divergence type', () => {
    expect(regularizationListQuery.parse({ tipo_divergencia: '2' }).tipo_divergencia).toBe(2);
    expect(regularizationListQuery.safeParse({ tipo_divergencia: '3' }).success).toBe(false);
  });
});
