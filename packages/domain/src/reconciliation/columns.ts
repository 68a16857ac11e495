/**
 * The columns of the provider's base export (issue 11; docs/amostra-base-provedor.csv is a sample):
 * each header the file may use, mapped to the field it fills. Headers match whatever their case,
 * accents, spaces or punctuation, so "CNPJ da Fatura", "cnpj_fatura" and "CNPJ FATURA" are one.
 * An `identifier` column is stored normalised (validators/identifier.ts), as the forms store it,
 * so a unit of the base and a request for it match however the export spelled it.
 */
export const BASE_COLUMNS = [
  {
    field: 'uc',
    header: 'UC',
    aliases: ['Unidade', 'Unidade Consumidora', 'Instalação'],
    required: true,
    max: 20,
    identifier: true,
  },
  { field: 'concessionaria', header: 'Concessionária', aliases: ['Distribuidora'], required: true, max: 120 },
  {
    field: 'rzSocial',
    header: 'Razão Social Fatura',
    aliases: ['Razão Social', 'Titular'],
    required: true,
    max: 150,
  },
  {
    field: 'cnpjFatura',
    header: 'CNPJ Fatura',
    aliases: ['CNPJ', 'CNPJ da Fatura', 'CNPJ do Titular'],
    required: true,
    max: 18,
  },
  { field: 'estado', header: 'UF', aliases: ['Estado'], required: true, max: 2 },
  { field: 'enderecoId', header: 'Endereço ID', aliases: [], required: false, max: 12, identifier: true },
  { field: 'siteId', header: 'Site ID', aliases: [], required: false, max: 12, identifier: true },
  { field: 'regional', header: 'Regional', aliases: [], required: false, max: 40 },
  { field: 'cep', header: 'CEP', aliases: [], required: false, max: 9 },
  { field: 'cidade', header: 'Cidade', aliases: ['Município'], required: false, max: 60 },
  { field: 'endereco', header: 'Endereço', aliases: ['Logradouro'], required: false, max: 120 },
  { field: 'numero', header: 'Número', aliases: [], required: false, max: 20 },
  { field: 'complemento', header: 'Complemento', aliases: [], required: false, max: 20 },
  { field: 'bairro', header: 'Bairro', aliases: [], required: false, max: 60 },
  {
    field: 'numeroMedidor',
    header: 'Número do Medidor',
    aliases: ['Medidor', 'Hidrômetro'],
    required: false,
    max: 12,
    identifier: true,
  },
  { field: 'tensao', header: 'Tensão', aliases: ['Tipo de Tensão'], required: false, max: 40 },
  { field: 'urlFatura', header: 'URL Fatura', aliases: ['Link da Fatura'], required: false, max: 500 },
  { field: 'ativa', header: 'Ativa', aliases: ['Situação', 'Status'], required: false, max: 10 },
] as const;

export type BaseColumn = (typeof BASE_COLUMNS)[number];
export type BaseField = BaseColumn['field'];

/** A header as compared: no accents, no case, letters and digits only. */
export const headerKey = (header: string): string =>
  header
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

const BY_KEY = new Map<string, BaseField>(
  BASE_COLUMNS.flatMap((c) => [c.header, ...c.aliases].map((name) => [headerKey(name), c.field] as const)),
);

export type ColumnMapping =
  { ok: true; fields: (BaseField | null)[]; ignored: string[] } | { ok: false; message: string };

/**
 * Which field each position of the header row fills (null: a column we do not use). A required
 * column missing, or one field given twice, refuses the whole file with a message naming it.
 */
export function mapColumns(headers: readonly string[]): ColumnMapping {
  const fields = headers.map((h) => BY_KEY.get(headerKey(h)) ?? null);
  for (const field of new Set(fields)) {
    if (field && fields.filter((f) => f === field).length > 1) {
      return { ok: false, message: `A coluna "${columnHeader(field)}" aparece mais de uma vez no arquivo.` };
    }
  }
  const missing = BASE_COLUMNS.filter((c) => c.required && !fields.includes(c.field)).map(
    (c) => `"${c.header}"`,
  );
  if (missing.length) {
    const plural = missing.length > 1;
    return {
      ok: false,
      message: `${plural ? 'Faltam as colunas' : 'Falta a coluna'} ${missing.join(', ')} no arquivo. Confira a primeira linha (cabeçalho).`,
    };
  }
  return { ok: true, fields, ignored: headers.filter((_, i) => fields[i] === null && headers[i]?.trim()) };
}

export const columnHeader = (field: BaseField): string => BASE_COLUMNS.find((c) => c.field === field)!.header;
