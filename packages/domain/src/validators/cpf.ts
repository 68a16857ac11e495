/** CPF: 11 digits, two mod-11 check digits; eleven equal digits pass the arithmetic but are not issued. */

export const CPF_LENGTH = 11;

export const cleanCpf = (value: string): string => value.replace(/\D/g, '');

const checkDigit = (digits: readonly number[]): number => {
  // Weights run from digits.length + 1 down to 2.
  const sum = digits.reduce((acc, d, i) => acc + d * (digits.length + 1 - i), 0);
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
};

export function isValidCpf(value: string): boolean {
  const cpf = cleanCpf(value);
  if (cpf.length !== CPF_LENGTH || /^(\d)\1+$/.test(cpf)) return false;
  const digits = [...cpf].map(Number);
  const first = checkDigit(digits.slice(0, 9));
  const second = checkDigit([...digits.slice(0, 9), first]);
  return digits[9] === first && digits[10] === second;
}
