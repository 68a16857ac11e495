import type { Option } from './options.ts';

/**
 * What the /de-para table translates (issue 11): a value as the provider's base export writes it
 * ("de") into the portal's own ("para") before an import matches it.
 */
export const DE_PARA_TIPOS = ['concessionaria', 'regional', 'tensao'] as const;
export type DeParaTipo = (typeof DE_PARA_TIPOS)[number];

export const DE_PARA_TIPO_OPTIONS: readonly Option<DeParaTipo>[] = [
  { code: 'concessionaria', label: 'Concessionária' },
  { code: 'regional', label: 'Regional' },
  { code: 'tensao', label: 'Tensão' },
];
