import { formFieldLabel, type RequestForm } from '../workflow/forms.ts';

/**
 * The columns a request list may show (issue 34 step 5), in the one order they appear: the
 * number always comes first (it is the row's link, so it is not in this set), Status second so it
 * never falls off the first screen. The user picks which of these to see; the order stays.
 */
export const REQUEST_LIST_COLUMNS = [
  'status',
  'unidade',
  'endereco_id',
  'site_id',
  'solicitante',
  'empresa',
  'regional',
  'data_pedido',
  'dias',
  'data_ativacao',
  'atualizado_em',
] as const;
export type RequestListColumn = (typeof REQUEST_LIST_COLUMNS)[number];

/** What a list shows until the user picks: the spec's columns plus who asked, where and how long ago. */
export const DEFAULT_REQUEST_LIST_COLUMNS: readonly RequestListColumn[] = REQUEST_LIST_COLUMNS.filter(
  (column) => column !== 'empresa' && column !== 'atualizado_em',
);

export const isRequestListColumn = (name: string): name is RequestListColumn =>
  (REQUEST_LIST_COLUMNS as readonly string[]).includes(name);

/** Known columns only, each once, in the list's order. */
export const orderedColumns = (names: readonly string[]): RequestListColumn[] =>
  REQUEST_LIST_COLUMNS.filter((column) => names.includes(column));

/** Whether a choice of columns is the default one (then links and views leave it out). */
export const isDefaultColumns = (columns: readonly RequestListColumn[]): boolean =>
  orderedColumns(columns).join(',') === DEFAULT_REQUEST_LIST_COLUMNS.join(',');

/** A column's header as the list and the column picker name it. */
export function requestListColumnLabel(form: RequestForm, column: RequestListColumn): string {
  switch (column) {
    case 'status':
      return 'Status';
    case 'unidade':
      return formFieldLabel(form, 'unidade');
    case 'endereco_id':
      return 'Endereço ID';
    case 'site_id':
      return 'Site ID';
    case 'solicitante':
      return 'Solicitante';
    case 'empresa':
      return 'Empresa';
    case 'regional':
      return 'Regional';
    case 'data_pedido':
      return 'Data do Pedido';
    case 'dias':
      return 'Dias em aberto';
    case 'data_ativacao':
      return form.dateColumn;
    case 'atualizado_em':
      return 'Última atualização';
  }
}
