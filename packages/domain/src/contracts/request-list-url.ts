import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../catalogs/enums.ts';
import { isDefaultColumns, orderedColumns, type RequestListColumn } from '../lists/request-list-columns.ts';
import { listQuery, REQUEST_LIST_SORTS, requestListFilters, type RequestListSort } from '../schemas/list.ts';

/**
 * Where a request list keeps its state: the query string of its list path (issue 15), so a save,
 * the form's "Voltar", a reload, a shared link and the back button all land on the same page.
 *
 *   status=1,3  regional=<id>  uf=SP  concessionaria=<id>  de=YYYY-MM-DD  ate=YYYY-MM-DD
 *   q=<text>  pagina=<n>  por_pagina=<n>  ordem=<column>  sentido=asc|desc
 *   colunas=status,unidade,…  (the columns shown, issue 34; absent: the default ones)
 *
 * Absent means the default; defaults are left out of the links this module writes, so the plain
 * list path is the unfiltered first page.
 */
export interface RequestListFilters {
  /** Status codes, any of them (empty or absent: every status). */
  status?: readonly number[];
  regional?: number;
  uf?: string;
  concessionaria?: number;
  /** Period of the request date (data_pedido), inclusive, YYYY-MM-DD. */
  de?: string;
  ate?: string;
  q?: string;
  pagina?: number;
  por_pagina?: number;
  ordem?: RequestListSort;
  sentido?: 'asc' | 'desc';
  /** The columns shown besides the number, in the list's order; absent: the default ones. */
  colunas?: readonly RequestListColumn[];
}

const DEFAULT_DIRECTION = 'desc';

/** Each value as the URL writes it, or undefined for a default. */
function entries(filters: RequestListFilters): [string, string | undefined][] {
  const q = filters.q?.trim();
  return [
    ['status', filters.status?.length ? [...filters.status].join(',') : undefined],
    ['regional', filters.regional?.toString()],
    ['uf', filters.uf],
    ['concessionaria', filters.concessionaria?.toString()],
    ['de', filters.de],
    ['ate', filters.ate],
    ['q', q ? q : undefined],
    ['pagina', filters.pagina && filters.pagina > 1 ? String(filters.pagina) : undefined],
    [
      'por_pagina',
      filters.por_pagina && filters.por_pagina !== DEFAULT_PAGE_SIZE ? String(filters.por_pagina) : undefined,
    ],
    ['ordem', filters.ordem],
    ['sentido', filters.sentido && filters.sentido !== DEFAULT_DIRECTION ? filters.sentido : undefined],
    [
      'colunas',
      filters.colunas?.length && !isDefaultColumns(filters.colunas)
        ? orderedColumns(filters.colunas).join(',')
        : undefined,
    ],
  ];
}

/** The query string of a list state: '' for the defaults, otherwise '?status=1%2C3&…'. */
export function requestListSearch(filters: RequestListFilters = {}): string {
  const search = entries(filters)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => `${key}=${encodeURIComponent(value).replace(/%2C/g, ',').replace(/%20/g, '+')}`)
    .join('&');
  return search ? `?${search}` : '';
}

/** The link to a request list in the given state, e.g. requestListHref(form, { status: [1, 3] }). */
export function requestListHref(form: { listPath: string }, filters: RequestListFilters = {}): string {
  return `${form.listPath}${requestListSearch(filters)}`;
}

/** One value through its schema, or undefined when it does not pass (a link never breaks a page). */
function valid<T>(schema: { safeParse(v: unknown): { success: boolean; data?: T } }, value: unknown) {
  if (value === null || value === undefined) return undefined;
  const result = schema.safeParse(value);
  return result.success ? result.data : undefined;
}

/** What the parser reads a query string through (the browser's URLSearchParams is one). */
export interface SearchParamsLike {
  get(key: string): string | null;
}

/** A query string ('?a=1&b=2' or 'a=1&b=2') as its first value per key, '+' read as a space. */
function parseQueryString(search: string): SearchParamsLike {
  const values = new Map<string, string>();
  for (const pair of search.replace(/^\?/, '').split('&')) {
    if (!pair) continue;
    const [rawKey = '', ...rest] = pair.split('=');
    const decode = (text: string) => {
      try {
        return decodeURIComponent(text.replace(/\+/g, ' '));
      } catch {
        return '';
      }
    };
    const key = decode(rawKey);
    if (!values.has(key)) values.set(key, decode(rest.join('=')));
  }
  return { get: (key) => values.get(key) ?? null };
}

const wholeNumber = (v: string | null) => (v !== null && /^\d{1,9}$/.test(v) ? Number(v) : undefined);

/**
 * The list state a query string holds. The values go through the same schemas the server checks
 * them with; one that would be refused (a typo, an edited link) is dropped rather than failing the
 * page, and unknown status codes leave the others in place.
 */
export function parseRequestListSearch(search: string | SearchParamsLike): RequestListFilters {
  const params = typeof search === 'string' ? parseQueryString(search) : search;
  const get = (key: string) => params.get(key);
  const statusCodes = (get('status') ?? '')
    .split(',')
    .slice(0, 64)
    .map(
      (code): number | undefined => valid<number[] | undefined>(requestListFilters.status, code.trim())?.[0],
    )
    .filter((code): code is number => code !== undefined);
  let de = valid(requestListFilters.de, get('de'));
  let ate = valid(requestListFilters.ate, get('ate'));
  if (de && ate && de > ate) [de, ate] = [ate, de];
  // An over-long search is dropped like any refused value, never cut to the maximum (issue 15 item 7).
  const q = valid<string | undefined>(listQuery.shape.q, get('q'));
  const pagina = wholeNumber(get('pagina'));
  const porPagina = wholeNumber(get('por_pagina'));
  const ordem = get('ordem');
  const sentido = get('sentido');
  const colunas = orderedColumns((get('colunas') ?? '').split(',').slice(0, 64));
  const filters: RequestListFilters = {
    status: statusCodes.length ? [...new Set(statusCodes)].sort((a, b) => a - b) : undefined,
    regional: valid(requestListFilters.regional, get('regional')),
    uf: valid(requestListFilters.uf, get('uf')),
    concessionaria: valid(requestListFilters.concessionaria, get('concessionaria')),
    de,
    ate,
    q: q ? q : undefined,
    pagina: pagina && pagina > 1 ? pagina : undefined,
    por_pagina:
      porPagina && (PAGE_SIZES as readonly number[]).includes(porPagina) && porPagina !== DEFAULT_PAGE_SIZE
        ? porPagina
        : undefined,
    ordem: (REQUEST_LIST_SORTS as readonly string[]).includes(ordem ?? '')
      ? (ordem as RequestListSort)
      : undefined,
    sentido: sentido === 'asc' ? 'asc' : undefined,
    colunas: colunas.length && !isDefaultColumns(colunas) ? colunas : undefined,
  };
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)) as RequestListFilters;
}

/** A list state's filters as the list call, a saved view and a bulk move's filter name them. */
export const requestListFilterValues = (filters: RequestListFilters) => ({
  status: filters.status?.length ? [...filters.status] : undefined,
  regional: filters.regional,
  uf: filters.uf,
  concessionaria: filters.concessionaria,
  de: filters.de,
  ate: filters.ate,
  q: filters.q,
});

/** The body of the `{form}/list` call for a list state (the page's position aside: see `apos`). */
export function requestListBodyOf(filters: RequestListFilters) {
  return {
    ...requestListFilterValues(filters),
    page: filters.pagina ?? 1,
    per_page: filters.por_pagina ?? DEFAULT_PAGE_SIZE,
    sort: filters.ordem,
    order: filters.sentido ?? DEFAULT_DIRECTION,
  };
}
