import { clientCnpjForUf } from '../catalogs/ufs.ts';

/**
 * The client's legal name on its invoices, for its CNPJs of the UF table that /empresas does not
 * register under another name. Like the CNPJ root, the spec does not give it; ours is invented.
 */
export const CLIENT_COMPANY_NAME = 'Operadora Telecom Brasil S.A.';

export const DIVERGENCE = { CNPJ_DA_UF: 1, CNPJ_RAZAO: 2 } as const;
export type Divergence = (typeof DIVERGENCE)[keyof typeof DIVERGENCE];

/** A company name as compared: no accents, case, punctuation or spacing ("S/A" is "SA"). */
export const companyNameKey = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/**
 * What is wrong with a unit's invoice holder (issue 11 item 2), or null when nothing is:
 * 1 'CNPJ Diverge da UF' when the invoice CNPJ is not the client's CNPJ for the unit's UF;
 * 2 'CNPJ/Razão Divergente' when the CNPJ is right but the company name on the invoice is not the
 * one registered for it (in /empresas, else the client's own name).
 */
export function divergenceOf(
  unit: { estado: string; cnpjFatura: string; rzSocial: string },
  registeredName: (cnpj: string) => string | undefined,
): Divergence | null {
  const clientCnpj = clientCnpjForUf(unit.estado);
  if (unit.cnpjFatura !== clientCnpj) return DIVERGENCE.CNPJ_DA_UF;
  const expected = registeredName(unit.cnpjFatura) ?? CLIENT_COMPANY_NAME;
  return companyNameKey(unit.rzSocial) === companyNameKey(expected) ? null : DIVERGENCE.CNPJ_RAZAO;
}
