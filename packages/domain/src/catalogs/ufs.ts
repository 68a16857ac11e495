/**
 * The 27 federative units and the client's tax id in each (spec part 1 §3, part 2 §3 Fixed tables):
 * one 8-digit root, one branch per state, numbered in the order of the UF codes.
 * The spec does not reproduce the real values; the root 31.447.205 is ours (docs/decisions/requests-workflow.md, D-WF-025),
 * and every entry carries check digits our own validator computes (ufs.test.ts).
 * Choosing a UF fills cnpj_tim, which nobody edits: the server derives it from the UF.
 */
export interface UfEntry {
  readonly uf: string;
  readonly nome: string;
  /** The client's CNPJ for this state, unformatted. */
  readonly cnpjCliente: string;
}

export const CLIENT_CNPJ_ROOT = '31447205';

export const UFS: readonly UfEntry[] = [
  { uf: 'AC', nome: 'Acre', cnpjCliente: '31447205000143' },
  { uf: 'AL', nome: 'Alagoas', cnpjCliente: '31447205000224' },
  { uf: 'AM', nome: 'Amazonas', cnpjCliente: '31447205000305' },
  { uf: 'AP', nome: 'Amapá', cnpjCliente: '31447205000496' },
  { uf: 'BA', nome: 'Bahia', cnpjCliente: '31447205000577' },
  { uf: 'CE', nome: 'Ceará', cnpjCliente: '31447205000658' },
  { uf: 'DF', nome: 'Distrito Federal', cnpjCliente: '31447205000739' },
  { uf: 'ES', nome: 'Espírito Santo', cnpjCliente: '31447205000810' },
  { uf: 'GO', nome: 'Goiás', cnpjCliente: '31447205000909' },
  { uf: 'MA', nome: 'Maranhão', cnpjCliente: '31447205001034' },
  { uf: 'MG', nome: 'Minas Gerais', cnpjCliente: '31447205001115' },
  { uf: 'MS', nome: 'Mato Grosso do Sul', cnpjCliente: '31447205001204' },
  { uf: 'MT', nome: 'Mato Grosso', cnpjCliente: '31447205001387' },
  { uf: 'PA', nome: 'Pará', cnpjCliente: '31447205001468' },
  { uf: 'PB', nome: 'Paraíba', cnpjCliente: '31447205001549' },
  { uf: 'PE', nome: 'Pernambuco', cnpjCliente: '31447205001620' },
  { uf: 'PI', nome: 'Piauí', cnpjCliente: '31447205001700' },
  { uf: 'PR', nome: 'Paraná', cnpjCliente: '31447205001891' },
  { uf: 'RJ', nome: 'Rio de Janeiro', cnpjCliente: '31447205001972' },
  { uf: 'RN', nome: 'Rio Grande do Norte', cnpjCliente: '31447205002006' },
  { uf: 'RO', nome: 'Rondônia', cnpjCliente: '31447205002197' },
  { uf: 'RR', nome: 'Roraima', cnpjCliente: '31447205002278' },
  { uf: 'RS', nome: 'Rio Grande do Sul', cnpjCliente: '31447205002359' },
  { uf: 'SC', nome: 'Santa Catarina', cnpjCliente: '31447205002430' },
  { uf: 'SE', nome: 'Sergipe', cnpjCliente: '31447205002510' },
  { uf: 'SP', nome: 'São Paulo', cnpjCliente: '31447205002600' },
  { uf: 'TO', nome: 'Tocantins', cnpjCliente: '31447205002782' },
];

export const UF_CODES = UFS.map((u) => u.uf) as [string, ...string[]];

/** The client's CNPJ for a UF (what cnpj_tim becomes), or null for an unknown UF. */
export const clientCnpjForUf = (uf: string): string | null =>
  UFS.find((u) => u.uf === uf.toUpperCase())?.cnpjCliente ?? null;
