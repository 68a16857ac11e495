/**
 * The seven regionals (spec part 1 §3, part 2 §9), ids 1–7 in the spec's order.
 * Regionals are database rows administered on /regional; this is the seed and the
 * fixed list the Energy Efficiency group is always given (spec part 2 §5).
 * The forms' "test option" is not reproduced (docs/decisions/requests-workflow.md, D-WF-028).
 */
export interface RegionalEntry {
  readonly id: number;
  readonly sigla: string;
  readonly nome: string;
  /**
   * The UFs it serves when seeded (administered on /regional afterwards). The spec gives no map;
   * this one follows the regions the siglas name (docs/decisions/requests-workflow.md, D-WF-058), each UF in exactly one.
   */
  readonly ufs: readonly string[];
}

export const REGIONALS: readonly RegionalEntry[] = [
  { id: 1, sigla: 'TCO', nome: 'Centro-Oeste', ufs: ['AC', 'DF', 'GO', 'MS', 'MT', 'RO', 'TO'] },
  { id: 2, sigla: 'TNO', nome: 'Norte', ufs: ['AM', 'AP', 'MA', 'PA', 'RR'] },
  { id: 3, sigla: 'TLE', nome: 'Leste', ufs: ['BA', 'MG', 'SE'] },
  { id: 4, sigla: 'TNE', nome: 'Nordeste', ufs: ['AL', 'CE', 'PB', 'PE', 'PI', 'RN'] },
  { id: 5, sigla: 'TRJ', nome: 'Rio de Janeiro', ufs: ['ES', 'RJ'] },
  { id: 6, sigla: 'TSL', nome: 'Sul', ufs: ['PR', 'RS', 'SC'] },
  { id: 7, sigla: 'TSP', nome: 'São Paulo', ufs: ['SP'] },
];

export const REGIONAL_IDS = REGIONALS.map((r) => r.id);

/**
 * How a regional row is named in the request forms: a seeded sigla gets its region's name
 * ('TCO - Centro-Oeste'); a regional added on /regional shows as it was written.
 */
export function regionalLabel(regional: string): string {
  const known = REGIONALS.find((r) => r.sigla === regional.trim().toUpperCase());
  return known ? `${known.sigla} - ${known.nome}` : regional;
}

/**
 * Whether a request of this UF may be sent to the regional (issue 30): the regional reviews it, so
 * a requester must not pick one that does not cover the unit. A regional with no UFs serves none.
 */
export const regionalServesUf = (regional: { readonly ufs: readonly string[] }, uf: string): boolean =>
  regional.ufs.includes(uf.toUpperCase());
