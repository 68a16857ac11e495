/** CEP: eight digits (spec part 1 §5). We accept the usual 00000-000 and store digits only. */
export const CEP_LENGTH = 8;

export const cleanCep = (value: string): string => value.replace(/\D/g, '');

export const isValidCep = (value: string): boolean =>
  /^\d{5}-?\d{3}$/.test(value.trim()) && cleanCep(value).length === CEP_LENGTH;

export const formatCep = (value: string): string => {
  const digits = cleanCep(value).slice(0, CEP_LENGTH);
  return digits.length > 5 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits;
};
