/**
 * CNPJ, numeric and alphanumeric. Since July 2026 the first 12 characters may be A–Z or 0–9;
 * each character is worth its ASCII code minus 48 (so digits keep their value), and the two
 * check digits stay numeric and use the same mod-11 weights as before.
 */

export const CNPJ_LENGTH = 14;

/** Strips the mask and uppercases: what we store and compare. */
export const cleanCnpj = (value: string): string => value.toUpperCase().replace(/[^0-9A-Z]/g, '');

const FIRST_WEIGHTS = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] as const;
const SECOND_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] as const;

const valueOf = (char: string): number => char.charCodeAt(0) - 48;

const checkDigit = (chars: string, weights: readonly number[]): number => {
  const sum = weights.reduce((acc, w, i) => acc + valueOf(chars[i] ?? '0') * w, 0);
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
};

/** The two check digits of a 12-character base (numeric or alphanumeric). */
export function cnpjCheckDigits(base: string): string {
  const clean = cleanCnpj(base);
  if (!/^[0-9A-Z]{12}$/.test(clean)) throw new Error('A base do CNPJ tem 12 caracteres alfanuméricos.');
  const first = checkDigit(clean, FIRST_WEIGHTS);
  const second = checkDigit(clean + String(first), SECOND_WEIGHTS);
  return `${first}${second}`;
}

export function isValidCnpj(value: string): boolean {
  const cnpj = cleanCnpj(value);
  if (!/^[0-9A-Z]{12}[0-9]{2}$/.test(cnpj) || /^(.)\1+$/.test(cnpj)) return false;
  return cnpjCheckDigits(cnpj.slice(0, 12)) === cnpj.slice(12);
}
