import { parseRequestListSearch, requestListHref, type RequestForm } from '@portal/domain';

/**
 * The list a record returns to: the last state this tab showed of its form's list (filters,
 * search, sort, page), so "Voltar" and the navigation after a save land where the user was.
 * Kept per tab (sessionStorage), like the history it stands beside; read back through the URL
 * contract's parser, so whatever is stored can only become a valid list link.
 */
const storageKey = (form: Pick<RequestForm, 'listPath'>) => `portal:lista:${form.listPath}`;

export function rememberListSearch(form: Pick<RequestForm, 'listPath'>, search: string) {
  try {
    sessionStorage.setItem(storageKey(form), search);
  } catch {
    // Storage refused (private mode, quota): the record then returns to the plain list.
  }
}

export function listReturnHref(form: Pick<RequestForm, 'listPath'>): string {
  let search = '';
  try {
    search = sessionStorage.getItem(storageKey(form)) ?? '';
  } catch {
    search = '';
  }
  return requestListHref(form, parseRequestListSearch(search));
}

/** For the record screen: the href of "Voltar" and of the list after a save. */
export const useListReturnHref = (form: Pick<RequestForm, 'listPath'>) => listReturnHref(form);
