import {
  DIRECTORATES,
  FORM_PAYMENT_TYPE_CODES,
  MARKETS,
  PAYMENT_TYPES,
  SITE_TYPES,
  STORE_TYPES,
  SUPPLY_VOLTAGES,
  TARIFF_CLASSES,
  TARIFF_MODALITIES,
  VOLTAGE_TYPES,
  voltageLetterToType,
} from '../catalogs/enums.ts';
import { pick, type Option } from '../catalogs/options.ts';
import { TARIFF_SUBCLASSES } from '../catalogs/subclasses.ts';
import { FIELD_MAX } from '../validators/field-limits.ts';
import type { RequestForm } from './forms.ts';
import type { RequestField } from './request-fields.ts';

/**
 * What each request field holds, once: the payload schemas (schemas/request.ts), the web inputs
 * (RequestFieldInput) and the column check (test/colunas-e-campos) all read this table, so a field
 * is a date, a code or a text of some length in one place only.
 */
export type FieldKind =
  /** Free text; an `identifier` is normalised and held to validators/identifier.ts's characters. */
  | { kind: 'text'; max: number; identifier?: true }
  /**
   * A code of a catalog. `offered` narrows what a form lists (a stored code still shows); with
   * `strict` the server accepts only the offered codes too. `parse` reads other spellings first.
   */
  | {
      kind: 'code';
      catalog: readonly Option<number>[];
      offered?: (form: RequestForm) => readonly Option<number>[];
      strict?: boolean;
      parse?: (value: unknown) => unknown;
    }
  | { kind: 'stringCode'; catalog: readonly Option<string>[] }
  /** A number typed freely that the table stores as smallint (the protocol type). */
  | { kind: 'smallint' }
  | { kind: 'date' }
  | { kind: 'cep' }
  | { kind: 'uf' }
  /** A city of the chosen UF (the IBGE list), stored as typed. */
  | { kind: 'city'; max: number }
  | { kind: 'taxId' }
  /** A row of another table, chosen from a list the form loads. */
  | { kind: 'regional' }
  | { kind: 'concessionaire' };

const text = (field: keyof typeof FIELD_MAX): FieldKind => ({ kind: 'text', max: FIELD_MAX[field] });
const identifier = (field: keyof typeof FIELD_MAX): FieldKind => ({
  kind: 'text',
  max: FIELD_MAX[field],
  identifier: true,
});
const code = (
  catalog: readonly Option<number>[],
  more: Omit<Extract<FieldKind, { kind: 'code' }>, 'kind' | 'catalog'> = {},
): FieldKind => ({ kind: 'code', catalog, ...more });

export const REQUEST_FIELD_KINDS: Record<RequestField, FieldKind> = {
  endereco_id: identifier('endereco_id'),
  site_id: identifier('site_id'),
  regional: { kind: 'regional' },
  tipo_de_loja: code(STORE_TYPES),
  cep: { kind: 'cep' },
  uf: { kind: 'uf' },
  municipio: { kind: 'city', max: FIELD_MAX.municipio },
  endereco: text('endereco'),
  numero: text('numero'),
  bairro: text('bairro'),
  complemento: text('complemento'),
  cnpj_solicitada: { kind: 'taxId' },
  id_concessionaria: { kind: 'concessionaire' },
  unidade: identifier('unidade'),
  numero_medidor: identifier('numero_medidor'),
  // The spec's ownership payloads send bt/ml/mt/gd; stored as the catalog's code.
  id_tensao: code(VOLTAGE_TYPES, { parse: voltageLetterToType }),
  tipo_site: code(SITE_TYPES, { offered: (form) => pick(SITE_TYPES, form.siteTypes), strict: true }),
  data_ativacao: { kind: 'date' },
  id_protocolo: { kind: 'smallint' },
  protocolo: identifier('protocolo'),
  // Grouped payment types come from the provider's base; the forms offer PM and DA.
  tipo_de_pagamento: code(PAYMENT_TYPES, { offered: () => pick(PAYMENT_TYPES, FORM_PAYMENT_TYPE_CODES) }),
  classe_tarifaria: code(TARIFF_CLASSES),
  subclasse_tarifaria: code(TARIFF_SUBCLASSES),
  modalidade_tarifaria: { kind: 'stringCode', catalog: TARIFF_MODALITIES },
  tensao_fornecimento: code(SUPPLY_VOLTAGES),
  mercado: code(MARKETS),
  centro_custo: text('centro_custo'),
  conta_contabil: text('conta_contabil'),
  numero_agrupamento: text('numero_agrupamento'),
  diretoria: { kind: 'stringCode', catalog: DIRECTORATES },
  smp: text('smp'),
  nova_uc: identifier('nova_uc'),
  unidade_nova: identifier('unidade_nova'),
  data_ligacao: { kind: 'date' },
  observacao: text('observacao'),
};

export const fieldKind = (field: RequestField): FieldKind => REQUEST_FIELD_KINDS[field];

/** Whether a request field holds an identifier (validators/identifier.ts). */
export const isIdentifierField = (field: string): boolean => {
  const kind: FieldKind | undefined = REQUEST_FIELD_KINDS[field as RequestField];
  return kind?.kind === 'text' && kind.identifier === true;
};
