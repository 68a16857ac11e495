import {
  DIRECTORATES,
  FORM_PAYMENT_TYPE_CODES,
  MARKETS,
  PAYMENT_TYPES,
  pick,
  SITE_TYPES,
  STORE_TYPES,
  SUPPLY_VOLTAGES,
  TARIFF_CLASSES,
  TARIFF_MODALITIES,
  TARIFF_SUBCLASSES,
  VOLTAGE_TYPES,
  type Option,
  type RequestField,
  type RequestForm,
} from '@portal/domain';

export interface SelectOption {
  value: string;
  label: string;
}

interface CatalogChoice {
  /** The whole catalog, to name a stored code the form no longer offers. */
  all: readonly Option<string | number>[];
  offered?: (form: RequestForm) => readonly Option<string | number>[];
}

/** Fields chosen from a catalog of the domain package. */
const CATALOG_FIELDS: Partial<Record<RequestField, CatalogChoice>> = {
  tipo_de_loja: { all: STORE_TYPES },
  id_tensao: { all: VOLTAGE_TYPES },
  tipo_site: { all: SITE_TYPES, offered: (form) => pick(SITE_TYPES, form.siteTypes) },
  // Grouped payment types come from the provider's base; forms offer PM and DA.
  tipo_de_pagamento: { all: PAYMENT_TYPES, offered: () => pick(PAYMENT_TYPES, FORM_PAYMENT_TYPE_CODES) },
  classe_tarifaria: { all: TARIFF_CLASSES },
  subclasse_tarifaria: { all: TARIFF_SUBCLASSES },
  modalidade_tarifaria: { all: TARIFF_MODALITIES },
  tensao_fornecimento: { all: SUPPLY_VOLTAGES },
  mercado: { all: MARKETS },
  diretoria: { all: DIRECTORATES },
};

export const isCatalogField = (field: RequestField): boolean => field in CATALOG_FIELDS;

/** The options of a catalog field, plus the stored value's own option when the form no longer offers it. */
export function catalogOptions(form: RequestForm, field: RequestField, stored: string): SelectOption[] {
  const choice = CATALOG_FIELDS[field];
  if (!choice) return [];
  const offered = choice.offered?.(form) ?? choice.all;
  const extra = stored && !offered.some((o) => String(o.code) === stored);
  const options = extra ? [...offered, ...choice.all.filter((o) => String(o.code) === stored)] : offered;
  return options.map((o) => ({ value: String(o.code), label: o.label }));
}

/** Fields typed as dates (YYYY-MM-DD, the API's format). */
export const DATE_FIELDS: readonly RequestField[] = ['data_ativacao', 'data_ligacao'];
