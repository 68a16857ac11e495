/**
 * The seven regionals (spec part 1 §3, part 2 §9), ids 1–7 in the spec's order.
 * Regionals are database rows administered on /regional; this is the seed and the
 * fixed list the Energy Efficiency group is always given (spec part 2 §5).
 * The forms' "test option" is not reproduced (docs/decisions.md).
 */
export interface RegionalEntry {
  readonly id: number;
  readonly sigla: string;
  readonly nome: string;
}

export const REGIONALS: readonly RegionalEntry[] = [
  { id: 1, sigla: 'TCO', nome: 'Centro-Oeste' },
  { id: 2, sigla: 'TNO', nome: 'Norte' },
  { id: 3, sigla: 'TLE', nome: 'Leste' },
  { id: 4, sigla: 'TNE', nome: 'Nordeste' },
  { id: 5, sigla: 'TRJ', nome: 'Rio de Janeiro' },
  { id: 6, sigla: 'TSL', nome: 'Sul' },
  { id: 7, sigla: 'TSP', nome: 'São Paulo' },
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
