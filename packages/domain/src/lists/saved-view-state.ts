import { DEFAULT_PAGE_SIZE } from '../catalogs/enums.ts';
import { requestListFilterValues, type RequestListFilters } from '../contracts/request-list-url.ts';
import type { SavedView } from '../contracts/saved-views.ts';
import type { SavedViewInput } from '../schemas/saved-views.ts';
import { DEFAULT_REQUEST_LIST_COLUMNS } from './request-list-columns.ts';

/** What a view keeps of a list's state (the page aside): the body of …/visoes/add, less name and mark. */
export function viewStateOf(filters: RequestListFilters): Omit<SavedViewInput, 'nome' | 'padrao'> {
  return {
    filtros: requestListFilterValues(filters),
    colunas: [...(filters.colunas ?? DEFAULT_REQUEST_LIST_COLUMNS)],
    ordem: filters.ordem ?? null,
    sentido: filters.sentido ?? 'desc',
    por_pagina: filters.por_pagina ?? DEFAULT_PAGE_SIZE,
  };
}

/** The list's state a view leads to, from its first page (request-list-url.ts writes it as a link). */
export function listStateOfView(view: SavedView): RequestListFilters {
  return {
    ...view.filtros,
    ordem: view.ordem ?? undefined,
    sentido: view.sentido,
    por_pagina: view.por_pagina,
    colunas: view.colunas,
  };
}
