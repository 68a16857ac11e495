import {
  parseRequestListSearch,
  requestListBodyOf,
  requestListSearch,
  type RequestForm,
  type RequestListFilters,
} from '@portal/domain';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { rememberListSearch } from './returnHref.ts';

export interface ListStateOptions {
  /** Keep the page (paging itself); any other change starts again from the first page. */
  keepPage?: boolean;
  /** Replace the history entry instead of adding one (typing in the search box). */
  replace?: boolean;
}

/** Marks the history entries the list writes itself, as opposed to arriving at it (menu, link). */
const IN_LIST = { naLista: true } as const;

/**
 * A request list's state, read from and written to the URL (the contract of
 * @portal/domain's request-list-url): the page the user sees is the page the address names, so
 * reload, a shared link and the back button show it again. Each change is a history entry.
 */
export function useListState(form: RequestForm) {
  const location = useLocation();
  const navigate = useNavigate();
  const filters = useMemo(() => parseRequestListSearch(location.search), [location.search]);
  const canonical = requestListSearch(filters);

  // The row the page before ended on, when the user paged forward by one: the server then reads
  // on from it instead of skipping rows. Only a hint; a reload pages by number.
  const [after, setAfter] = useState<{ list: string; pagina: number; apos: number } | null>(null);
  const list = requestListSearch({ ...filters, pagina: undefined });

  // What this tab last showed of the list: where "Voltar" and a save lead back.
  useEffect(() => rememberListSearch(form, canonical), [form, canonical]);

  const update = (change: RequestListFilters, options: ListStateOptions = {}) => {
    const next: RequestListFilters = { ...filters, ...change };
    if (!options.keepPage) delete next.pagina;
    for (const key of Object.keys(change) as (keyof RequestListFilters)[])
      if (change[key] === undefined) delete next[key];
    const search = requestListSearch(next);
    if (search === canonical) return;
    navigate({ pathname: location.pathname, search }, { replace: options.replace, state: IN_LIST });
  };

  /** Shows the list in another state altogether (a saved view), from its first page. */
  const apply = (next: RequestListFilters, options: ListStateOptions = {}) =>
    navigate(
      { pathname: location.pathname, search: requestListSearch({ ...next, pagina: undefined }) },
      { replace: options.replace, state: IN_LIST },
    );

  // Opened with no state of its own (the menu, a plain link, a reload of the plain path): the
  // user's default view applies (issue 34). Clearing the filters inside the list does not count.
  const arrived = location.search === '' && (location.state as typeof IN_LIST | null)?.naLista !== true;

  const goToPage = (pagina: number, lastIdShown: number | undefined) => {
    const current = filters.pagina ?? 1;
    setAfter(
      pagina === current + 1 && lastIdShown !== undefined ? { list, pagina, apos: lastIdShown } : null,
    );
    update({ pagina: pagina > 1 ? pagina : undefined }, { keepPage: true });
  };

  const page = filters.pagina ?? 1;
  const hint = after;
  const apos = hint?.list === list && hint.pagina === page ? hint.apos : undefined;
  const body = { ...requestListBodyOf(filters), ...(apos !== undefined && { apos }) };
  return { filters, body, page, update, goToPage, apply, arrived };
}
