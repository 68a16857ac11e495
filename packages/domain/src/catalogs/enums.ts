import type { Option } from './options.ts';

/** The enumerations of spec part 1 §3 and part 2 §9. Codes are what the API stores. */

export const STORE_TYPES: readonly Option[] = [
  { code: 1, label: 'Loja Própria' },
  { code: 2, label: 'Loja Revenda' },
];

export const VOLTAGE_TYPES: readonly Option[] = [
  { code: 1, label: 'Baixa' },
  { code: 2, label: 'Média' },
  { code: 3, label: 'Alta' },
];

/** The ownership and regularization forms code voltage by letters; ml, mt and gd all read 'Média Tensão'. */
export const VOLTAGE_FORM_CODES: readonly Option<string>[] = [
  { code: 'bt', label: 'Baixa Tensão' },
  { code: 'ml', label: 'Média Tensão' },
  { code: 'mt', label: 'Média Tensão' },
  { code: 'gd', label: 'Média Tensão' },
];

/** The VOLTAGE_TYPES code each letter code is stored as: bt is Baixa (1); ml, mt and gd are Média (2). */
const VOLTAGE_TYPE_OF_LETTER: Readonly<Record<string, number>> = { bt: 1, ml: 2, mt: 2, gd: 2 };

/** A letter code (any case) becomes its VOLTAGE_TYPES code; anything else passes unchanged. */
export const voltageLetterToType = (value: unknown): unknown => {
  const letter = typeof value === 'string' ? value.trim().toLowerCase() : '';
  return Object.hasOwn(VOLTAGE_TYPE_OF_LETTER, letter) ? VOLTAGE_TYPE_OF_LETTER[letter] : value;
};

export const SITE_TYPES: readonly Option[] = [
  { code: 1, label: 'ADM' },
  { code: 2, label: 'Mobile' },
  { code: 3, label: 'Prédio Industrial' },
  { code: 4, label: 'Rural' },
  { code: 5, label: 'Usina GD' },
  { code: 6, label: 'Outros' },
  { code: 7, label: 'Loja' },
];

/** The water new-unit form offers only these site types, in this order (spec part 2 §9). */
export const WATER_SITE_TYPE_CODES = [1, 7, 3, 4, 6] as const;

export const PAYMENT_TYPES: readonly Option[] = [
  { code: 1, label: 'PM' },
  { code: 2, label: 'DA' },
  { code: 3, label: 'PM-AGRUPADO' },
  { code: 4, label: 'DA-AGRUPADO' },
];

/** Forms offer only PM and DA; the grouped types arrive from the provider's base. */
export const FORM_PAYMENT_TYPE_CODES = [1, 2] as const;

export const TARIFF_CLASSES: readonly Option[] = [
  { code: 1, label: 'Comercial' },
  { code: 2, label: 'Industrial' },
  { code: 3, label: 'Poder Público' },
  { code: 4, label: 'Residencial' },
  { code: 5, label: 'Rural' },
  { code: 6, label: 'Serviço Público com Desconto' },
  { code: 7, label: 'Serviço Público sem Desconto' },
];

export const TARIFF_MODALITIES: readonly Option<string>[] = [
  { code: 'c', label: 'Convencional Binômia' },
  { code: 'v', label: 'Verde' },
  { code: 'a', label: 'Azul' },
  { code: 'bt', label: 'Convencional Monômia' },
  { code: 'ba', label: 'Branca' },
];

export const SUPPLY_VOLTAGES: readonly Option[] = [
  { code: 1, label: 'Monofásico' },
  { code: 2, label: 'Bifásico' },
  { code: 3, label: 'Trifásico' },
];

export const MARKETS: readonly Option[] = [
  { code: 1, label: 'GD' },
  { code: 2, label: 'Cativo' },
];

/** Part 2 §9 writes 'SP' where part 1 writes 'TSP'; the directorate is TSP (docs/decisions/requests-workflow.md, D-WF-027). */
export const DIRECTORATES: readonly Option<string>[] = [
  { code: 'TCLS', label: 'TCLS' },
  { code: 'TNNE', label: 'TNNE' },
  { code: 'TSDE', label: 'TSDE' },
  { code: 'TSP', label: 'TSP' },
  { code: 'Outros', label: 'Outros' },
];

export const PAGE_SIZES = [5, 10, 25, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;
