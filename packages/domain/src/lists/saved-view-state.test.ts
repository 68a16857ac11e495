import { describe, expect, it } from 'vitest';
import { parseRequestListSearch, requestListSearch } from '../contracts/request-list-url.ts';
import { savedViewBody } from '../schemas/saved-views.ts';
import { DEFAULT_REQUEST_LIST_COLUMNS } from './request-list-columns.ts';
import { listStateOfView, viewStateOf } from './saved-view-state.ts';

describe('the columns shown live in the list’s URL (issue 34 step 5)', () => {
  it('are written in the list’s order, and left out when they are the default ones', () => {
    expect(requestListSearch({ colunas: ['regional', 'status'] })).toBe('?colunas=status,regional');
    expect(requestListSearch({ colunas: DEFAULT_REQUEST_LIST_COLUMNS })).toBe('');
  });

  it('are read back, unknown names dropped; none known reads as the default', () => {
    expect(parseRequestListSearch('?colunas=regional,senha,status')).toEqual({
      colunas: ['status', 'regional'],
    });
    expect(parseRequestListSearch('?colunas=senha')).toEqual({});
  });
});

describe('a view keeps a list state and leads back to it', () => {
  it('the round trip through the view’s body keeps filters, columns, sort and page size, not the page', () => {
    const state = {
      status: [2, 4],
      uf: 'SP',
      q: 'Vergueiro',
      pagina: 3,
      por_pagina: 25,
      ordem: 'data_pedido' as const,
      sentido: 'asc' as const,
      colunas: ['status' as const, 'unidade' as const],
    };
    const body = savedViewBody.parse({ nome: 'Minha', ...viewStateOf(state) });
    const back = listStateOfView({ id: 1, version: 1, ...body });
    expect(requestListSearch(back)).toBe(requestListSearch({ ...state, pagina: undefined }));
  });

  it('the plain list is a view of no filters and the default columns', () => {
    const body = savedViewBody.parse({ nome: 'Tudo', ...viewStateOf({}) });
    expect(body).toMatchObject({ filtros: {}, colunas: DEFAULT_REQUEST_LIST_COLUMNS, ordem: null });
    expect(requestListSearch(listStateOfView({ id: 1, version: 1, ...body }))).toBe('');
  });
});
