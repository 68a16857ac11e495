import { describe, expect, it } from 'vitest';
import { requestListQuery } from '../schemas/list.ts';
import { requestForm } from '../workflow/forms.ts';
import {
  parseRequestListSearch,
  requestListBodyOf,
  requestListHref,
  type RequestListFilters,
} from './request-list-url.ts';

const form = requestForm('energia', 'nova');

describe('request list URL', () => {
  it('the plain list path is the unfiltered first page', () => {
    expect(requestListHref(form)).toBe('/cadastro-uc-nova');
    expect(requestListHref(form, { pagina: 1, por_pagina: 10, sentido: 'desc' })).toBe('/cadastro-uc-nova');
  });

  it('writes every part of the contract and reads it back unchanged', () => {
    const filters: RequestListFilters = {
      status: [1, 3],
      regional: 7,
      uf: 'SP',
      concessionaria: 12,
      de: '2026-01-01',
      ate: '2026-02-28',
      q: 'Lote 14 & cia',
      pagina: 3,
      por_pagina: 25,
      ordem: 'id',
      sentido: 'asc',
    };
    const href = requestListHref(form, filters);
    expect(href).toBe(
      '/cadastro-uc-nova?status=1,3&regional=7&uf=SP&concessionaria=12&de=2026-01-01&ate=2026-02-28' +
        '&q=Lote+14+%26+cia&pagina=3&por_pagina=25&ordem=id&sentido=asc',
    );
    expect(parseRequestListSearch(href.slice(href.indexOf('?')))).toEqual(filters);
  });

  it('drops what the server would refuse instead of breaking the page', () => {
    expect(
      parseRequestListSearch(
        '?status=1,99,x,3,1&regional=-2&uf=XX&concessionaria=abc&de=2026-13-01&pagina=0&por_pagina=7&ordem=senha&sentido=up',
      ),
    ).toEqual({ status: [1, 3] });
  });

  it('a search over the maximum is dropped whole, never cut to the maximum (issue 15 item 7)', () => {
    expect(parseRequestListSearch(`?q=${'a'.repeat(100)}`)).toEqual({ q: 'a'.repeat(100) });
    expect(parseRequestListSearch(`?q=${'a'.repeat(101)}&uf=SP`)).toEqual({ uf: 'SP' });
  });

  it('a period typed backwards is read in order', () => {
    expect(parseRequestListSearch('de=2026-03-01&ate=2026-01-01')).toMatchObject({
      de: '2026-01-01',
      ate: '2026-03-01',
    });
  });

  it('the call body built from a URL state passes the server schema', () => {
    const filters = parseRequestListSearch('?status=0,2&uf=rj&q=abc&pagina=2&ordem=atualizado_em');
    const body = requestListQuery.parse(requestListBodyOf(filters));
    expect(body).toMatchObject({ status: [0, 2], uf: 'RJ', q: 'abc', page: 2, sort: 'atualizado_em' });
  });
});
