import { VOLTAGE_FORM_CODES } from '../catalogs/enums.ts';
import { labelOf } from '../catalogs/options.ts';
import { DIVERGENCE_TYPES } from '../catalogs/regularization.ts';
import { REQUEST_STATUSES } from '../catalogs/request-status.ts';
import { fieldLabel } from '../catalogs/field-labels.ts';
import { formatCep } from '../validators/cep.ts';
import { formatCnpj, formatCpf } from '../validators/tax-id.ts';
import { REQUEST_FIELD_KINDS } from '../workflow/field-kinds.ts';
import { REQUEST_FILES, type RequestField } from '../workflow/request-fields.ts';
import { REGULARIZATION_FILES } from '../workflow/regularization-policy.ts';
import type { ReportSource } from './definitions.ts';

/**
 * The columns of the report rows (spec part 2 §3), in order, with what each cell holds. The
 * screen's table and the export (xlsx and csv) are both drawn from this list, so they always agree.
 *
 * - text: shown as is; number: a number cell;
 * - date: an ISO calendar date (yyyy-mm-dd); datetime: an ISO instant; both become Excel dates;
 * - taxId: the digits of a CNPJ or CPF, shown with its mask;
 * - file: the portal's address of an attached file ('Visualizar Arquivo');
 * - url: an address written by someone else, a link only when it is http(s) (§2.10).
 */
export type ReportCellKind = 'text' | 'number' | 'date' | 'datetime' | 'taxId' | 'file' | 'url';
export type ReportCell = string | number | null;
export type ReportRow = Record<string, ReportCell>;

/** What a file cell reads, on the screen and in the exported spreadsheet (§2.10). */
export const FILE_LINK_TEXT = 'Visualizar Arquivo';

export interface ReportColumn {
  key: string;
  header: string;
  kind: ReportCellKind;
  /** The list call's sort key, when the column can be sorted by. */
  sort?: string;
}

const column = (key: string, header: string, kind: ReportCellKind = 'text', sort?: string): ReportColumn => ({
  key,
  header,
  kind,
  ...(sort ? { sort } : {}),
});

/** The report columns that show a request field, and the field, where the names differ (§3). */
export const REQUEST_REPORT_FIELDS: Readonly<Record<string, RequestField>> = {
  endereco_id: 'endereco_id',
  site_id: 'site_id',
  regional: 'regional',
  tipo_de_loja: 'tipo_de_loja',
  cep: 'cep',
  uf: 'uf',
  cidade: 'municipio',
  endereco: 'endereco',
  numero: 'numero',
  bairro: 'bairro',
  complemento: 'complemento',
  cnpj_uc_solicitada: 'cnpj_solicitada',
  data_ativacao: 'data_ativacao',
  id_protocolo: 'id_protocolo',
  protocolo: 'protocolo',
  concessionaria: 'id_concessionaria',
  unidade: 'unidade',
  numero_medidor: 'numero_medidor',
  tipo_de_pagamento: 'tipo_de_pagamento',
  tipo_classe_tarifaria: 'classe_tarifaria',
  tipo_subclasse_tarifaria: 'subclasse_tarifaria',
  tipo_modalidade_tarifaria: 'modalidade_tarifaria',
  tipo_tensao_fornecimento: 'tensao_fornecimento',
  tipo_mercado: 'mercado',
  diretoria: 'diretoria',
  tipo_site: 'tipo_site',
  id_tensao: 'id_tensao',
};

/** The list's sort keys, for the columns a request list can be sorted by. */
const REQUEST_SORTS: Record<string, string> = {
  id: 'id',
  endereco_id: 'endereco_id',
  site_id: 'site_id',
  unidade: 'unidade',
  data_pedido: 'data_pedido',
  data_ativacao: 'data_ativacao',
  status_atual: 'status',
};

const kindOfField = (field: RequestField): ReportCellKind => {
  switch (REQUEST_FIELD_KINDS[field]?.kind) {
    case 'date':
      return 'date';
    case 'taxId':
      return 'taxId';
    case 'smallint':
      return 'number';
    default:
      return 'text';
  }
};
const fieldColumns = (...keys: string[]) =>
  keys.map((key) => {
    const field = REQUEST_REPORT_FIELDS[key]!;
    return column(key, fieldLabel(field), kindOfField(field), REQUEST_SORTS[key]);
  });

/** The date a request first entered each status: one column per status (docs/decisions/reports-and-exports.md, D-REP-003). */
export const stageColumnKey = (status: number) => `data_status_${status}`;

/**
 * New units and ownership changes (§3 'Report row'). `statusName` is what each status is called on
 * the form (the administrators' labels), for the headers of the status date columns.
 */
export function requestReportColumns(statusName: (status: number) => string): ReportColumn[] {
  return [
    column('id', 'ID', 'number', 'id'),
    column('name', 'Solicitante'),
    column('razao_social', 'Empresa'),
    column('cnpj', 'CNPJ da Empresa', 'taxId'),
    column('email', 'E-mail'),
    column('telefone', 'Telefone'),
    column('data_pedido', fieldLabel('data_pedido'), 'datetime', 'data_pedido'),
    ...fieldColumns('endereco_id', 'site_id', 'regional', 'tipo_de_loja', 'cep', 'uf', 'cidade', 'endereco'),
    ...fieldColumns('numero', 'bairro', 'complemento'),
    column('cnpj_tim', 'CNPJ TIM', 'taxId'),
    ...fieldColumns('cnpj_uc_solicitada', 'data_ativacao', 'id_protocolo', 'protocolo', 'concessionaria'),
    ...fieldColumns('unidade', 'numero_medidor', 'tipo_de_pagamento', 'tipo_classe_tarifaria'),
    ...fieldColumns('tipo_subclasse_tarifaria', 'tipo_modalidade_tarifaria', 'tipo_tensao_fornecimento'),
    ...fieldColumns('tipo_mercado', 'diretoria'),
    column('status_atual', 'Status Atual', 'text', 'status'),
    // Why it was refused or returned, while it waits there (issue 34 step 3).
    column('motivo_recusa', 'Motivo da recusa'),
    ...REQUEST_STATUSES.map((status) =>
      column(stageColumnKey(status), `Data: ${statusName(status)}`, 'datetime'),
    ),
    ...fieldColumns('tipo_site', 'id_tensao'),
    column('status', 'Código do Status', 'number'),
    ...REQUEST_FILES.map((file) => column(file, fieldLabel(file), 'file')),
    column('observacao', 'Última Observação'),
    column('historico_string', 'Histórico de Observações'),
  ];
}

/** Regularization (§3 'Regularization report row'): its 28 columns. */
export const REGULARIZATION_REPORT_COLUMNS: readonly ReportColumn[] = [
  column('endereco_id', fieldLabel('endereco_id'), 'text', 'endereco_id'),
  column('site_id', fieldLabel('site_id'), 'text', 'site_id'),
  column('regional', fieldLabel('regional')),
  column('cep', fieldLabel('cep')),
  column('uf', fieldLabel('uf')),
  column('cidade', fieldLabel('cidade')),
  column('endereco', fieldLabel('endereco')),
  column('numero', fieldLabel('numero')),
  column('complemento', fieldLabel('complemento')),
  column('bairro', fieldLabel('bairro')),
  column('concessionaria', fieldLabel('id_concessionaria')),
  column('unidade', fieldLabel('unidade'), 'text', 'unidade'),
  column('numero_medidor', fieldLabel('numero_medidor')),
  column('tipo_tensao', fieldLabel('id_tensao')),
  column('razao_social_fatura', fieldLabel('razao_social_fatura')),
  column('cnpj_fatura', fieldLabel('cnpj_fatura')),
  column('razao_social_correta', fieldLabel('razao_social_correta')),
  column('cnpj_correto', fieldLabel('cnpj_correto'), 'taxId'),
  column('data_solicitacao', 'Data da Solicitação', 'date'),
  column('previsao_solicitacao', fieldLabel('data_previsao'), 'date'),
  column('nova_unidade', fieldLabel('nova_unidade')),
  column('tipo_divergencia', fieldLabel('tipo_divergencia'), 'text', 'tipo_divergencia'),
  column('status', fieldLabel('status'), 'text', 'status'),
  ...REGULARIZATION_FILES.map((file) => column(file, fieldLabel(file), 'file')),
  column('urlFatura', 'Fatura (endereço)', 'url'),
  column('historico_string', 'Histórico de Observações'),
];

export const reportColumns = (source: ReportSource, statusName: (status: number) => string) =>
  source.of === 'requests' ? requestReportColumns(statusName) : [...REGULARIZATION_REPORT_COLUMNS];

/**
 * A stored request field as a report shows it: codes as their labels ('codes are exported as
 * their labels'), the postal code with its mask, everything else as stored. The regional and the
 * concessionaire are names read with the row.
 */
export function requestFieldCell(field: RequestField, value: string | number | null | undefined): ReportCell {
  if (value === null || value === undefined || value === '') return null;
  const kind = REQUEST_FIELD_KINDS[field];
  switch (kind?.kind) {
    case 'code':
      return labelOf(kind.catalog, Number(value));
    case 'stringCode':
      return labelOf(kind.catalog, String(value));
    case 'cep':
      return formatCep(String(value));
    default:
      return value;
  }
}

/** The regularization's voltage arrives as the base's letter code (bt, mt…) or as a word. */
export const regularizationVoltageCell = (value: string | null): ReportCell =>
  value ? (VOLTAGE_FORM_CODES.find((o) => o.code === value.trim().toLowerCase())?.label ?? value) : null;

export const divergenceCell = (code: number): ReportCell => labelOf(DIVERGENCE_TYPES, code);

/** yyyy-mm-dd[Thh:mm:ss] as the users read it: dd/mm/aaaa[ hh:mm]. */
const brazilianDate = (value: string) => {
  const [date, time] = value.split('T');
  const [y, m, d] = date!.split('-');
  return `${d}/${m}/${y}${time ? ` ${time.slice(0, 5)}` : ''}`;
};

/** A CNPJ's or a CPF's digits with their mask. */
export const formatTaxIdDigits = (digits: string) =>
  digits.length === 11 ? formatCpf(digits) : formatCnpj(digits);

/** A cell as text, as the screen and the csv show it (a file's address is left to each). */
export function reportCellText(kind: ReportCellKind, value: ReportCell): string {
  if (value === null) return '';
  switch (kind) {
    case 'date':
    case 'datetime':
      return brazilianDate(String(value));
    case 'taxId':
      return formatTaxIdDigits(String(value));
    default:
      return String(value);
  }
}
