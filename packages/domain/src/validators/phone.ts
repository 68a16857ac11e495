/**
 * Brazilian phone numbers: area code + 8 digits (landline) or 9 (mobile). Users' phones are
 * stored as digits only, so a number compares and searches the same however it was typed.
 */

/** Drops every non-digit: what we store. */
export const phoneDigits = (typed: string): string => typed.replace(/\D/g, '');

/** `(11) 98765-4321` / `(11) 3333-4444`; anything else is shown as stored. */
export const formatPhone = (stored: string): string => {
  const digits = phoneDigits(stored);
  const match = /^(\d{2})(\d{4,5})(\d{4})$/.exec(digits);
  return match && (digits.length === 10 || digits.length === 11)
    ? `(${match[1]}) ${match[2]}-${match[3]}`
    : stored;
};
