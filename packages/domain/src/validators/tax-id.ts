import { CNPJ_LENGTH, cleanCnpj, isValidCnpj } from './cnpj.ts';
import { CPF_LENGTH, isValidCpf } from './cpf.ts';

/**
 * cnpj_solicitada takes a CPF or a CNPJ (spec part 1 §5): eleven digits are a CPF, anything
 * else is read as a CNPJ, numeric or alphanumeric. Masks follow what has been typed so far.
 */
export type TaxIdKind = 'cpf' | 'cnpj';

/** Mask characters dropped, letters uppercased: the stored form of either id. */
export const cleanTaxId = cleanCnpj;

/** Which id a complete value is, judged by its cleaned length. */
export const taxIdKind = (value: string): TaxIdKind => (/^\d{11}$/.test(cleanTaxId(value)) ? 'cpf' : 'cnpj');

export const isValidCpfOrCnpj = (value: string): boolean =>
  taxIdKind(value) === 'cpf' ? isValidCpf(value) : isValidCnpj(value);

/**
 * Which mask applies while typing: a letter or a twelfth character can only be a CNPJ.
 * Up to eleven digits the value may still become either; we show the CPF mask until then.
 */
export const maskKindWhileTyping = (typed: string): TaxIdKind => {
  const clean = cleanTaxId(typed);
  return /[A-Z]/.test(clean) || clean.length > CPF_LENGTH ? 'cnpj' : 'cpf';
};

const CPF_PATTERN = '###.###.###-##';
const CNPJ_PATTERN = '##.###.###/####-##';

/** Lays characters into a pattern, stopping where the input ends (so it works mid-typing). */
const applyPattern = (chars: string, pattern: string): string => {
  let out = '';
  let next = 0;
  for (const slot of pattern) {
    if (next >= chars.length) break;
    if (slot === '#') out += chars[next++];
    else out += slot;
  }
  return out;
};

export const formatCpf = (value: string): string =>
  applyPattern(value.replace(/\D/g, '').slice(0, CPF_LENGTH), CPF_PATTERN);

/** Alphanumeric-aware: the first 12 characters take letters, the check digits only digits. */
export const formatCnpj = (value: string): string => {
  const clean = cleanCnpj(value);
  const base = clean.slice(0, 12);
  const digits = clean
    .slice(12)
    .replace(/\D/g, '')
    .slice(0, CNPJ_LENGTH - 12);
  return applyPattern(base + digits, CNPJ_PATTERN);
};

/** The field's display value after each keystroke. */
export const formatCpfOrCnpj = (typed: string): string =>
  maskKindWhileTyping(typed) === 'cnpj' ? formatCnpj(typed) : formatCpf(typed);
