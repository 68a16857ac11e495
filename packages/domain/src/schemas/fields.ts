import { z } from 'zod';
import { cleanCep, isValidCep } from '../validators/cep.ts';
import { cleanCnpj, isValidCnpj } from '../validators/cnpj.ts';
import { cleanTaxId, isValidCpfOrCnpj } from '../validators/tax-id.ts';

/**
 * Building blocks of the payload schemas. Every message names the field as the user reads it.
 * Text is trimmed and a blank value becomes null: "not filled" has one representation.
 * Whether a field is required often depends on the user and the status; that is the policy's
 * job (checkSave), so these blocks accept null unless the field is required for everyone.
 */

const blankToNull = (value: unknown) => {
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  return value;
};

/** Form selectors send codes as strings; the API stores numbers. */
const numericStringToNumber = (value: unknown) => {
  const v = blankToNull(value);
  return typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v;
};

export const messages = {
  required: (label: string) => `O campo ${label} é obrigatório.`,
  max: (label: string, max: number) => `O campo ${label} pode ter no máximo ${max} caracteres.`,
  invalid: (label: string) => `O campo ${label} é inválido.`,
  date: (label: string) => `O campo ${label} deve ser uma data válida (AAAA-MM-DD).`,
};

export const optionalText = (max: number, label: string) =>
  z.preprocess(
    blankToNull,
    z
      .string({ error: messages.invalid(label) })
      .max(max, messages.max(label, max))
      .nullable()
      .optional(),
  );

export const requiredText = (max: number, label: string) =>
  z.preprocess(blankToNull, z.string({ error: messages.required(label) }).max(max, messages.max(label, max)));

/** A numeric code from a catalog. */
export const optionalCode = (codes: readonly number[], label: string) =>
  z.preprocess(
    numericStringToNumber,
    z
      .number({ error: messages.invalid(label) })
      .refine((n) => codes.includes(n), messages.invalid(label))
      .nullable()
      .optional(),
  );

export const requiredCode = (codes: readonly number[], label: string) =>
  z.preprocess(
    numericStringToNumber,
    z.number({ error: messages.required(label) }).refine((n) => codes.includes(n), messages.invalid(label)),
  );

/** A letter code from a catalog (modality, directorate). */
export const optionalStringCode = (codes: readonly string[], label: string) =>
  z.preprocess(
    blankToNull,
    z
      .string({ error: messages.invalid(label) })
      .refine((s) => codes.includes(s), messages.invalid(label))
      .nullable()
      .optional(),
  );

/** A reference to another row (company, concessionaire, regional); the server checks it exists. */
export const optionalRef = (label: string) =>
  z.preprocess(
    numericStringToNumber,
    z
      .number({ error: messages.invalid(label) })
      .int()
      .positive(messages.invalid(label))
      .nullable()
      .optional(),
  );

export const requiredRef = (label: string) =>
  z.preprocess(
    numericStringToNumber,
    z
      .number({ error: messages.required(label) })
      .int()
      .positive(messages.invalid(label)),
  );

export const recordId = requiredRef('ID');
export const optionalRecordId = z.preprocess(
  numericStringToNumber,
  z
    .number({ error: messages.invalid('ID') })
    .int()
    .positive(messages.invalid('ID'))
    .optional(),
);

/** The refusal of a save made on a version someone else has already replaced (GUIDE §3). */
export const STALE_VERSION = 'Este registro foi alterado por outro usuário. Recarregue a página.';

/**
 * The version of the record the user loaded, sent back on edit: when present and no longer the
 * stored one, the save is refused (409, STALE_VERSION) instead of overwriting someone else's.
 */
export const optionalVersion = z.preprocess(
  numericStringToNumber,
  z
    .number({ error: messages.invalid('Versão') })
    .int(messages.invalid('Versão'))
    .nonnegative(messages.invalid('Versão'))
    .optional(),
);

export const optionalDate = (label: string) =>
  z.preprocess(
    blankToNull,
    z.iso
      .date({ error: messages.date(label) })
      .nullable()
      .optional(),
  );

export const optionalEmail = (label: string) =>
  z.preprocess(
    blankToNull,
    z
      .email({ error: messages.invalid(label) })
      .max(200, messages.max(label, 200))
      .nullable()
      .optional(),
  );

export const requiredEmail = (label: string) =>
  z.preprocess(
    blankToNull,
    z
      .email({ error: (issue) => (issue.input == null ? messages.required(label) : messages.invalid(label)) })
      .max(200, messages.max(label, 200)),
  );

/** CEP: 8 digits, stored without the hyphen. */
export const optionalCep = z.preprocess(
  blankToNull,
  z
    .string({ error: messages.invalid('CEP') })
    .refine(isValidCep, 'O CEP deve ter 8 dígitos.')
    .transform(cleanCep)
    .nullable()
    .optional(),
);

export const requiredCep = z.preprocess(
  blankToNull,
  z
    .string({ error: messages.required('CEP') })
    .refine(isValidCep, 'O CEP deve ter 8 dígitos.')
    .transform(cleanCep),
);

/** A CPF or CNPJ (numeric or alphanumeric), stored clean and uppercased; the message is the form's. */
export const optionalTaxId = (message: string) =>
  z.preprocess(
    blankToNull,
    z
      .string({ error: message })
      .refine(isValidCpfOrCnpj, message)
      .transform(cleanTaxId)
      .nullable()
      .optional(),
  );

/** A CNPJ only (companies, regularization), stored clean and uppercased. */
export const cnpjField = (message: string, required: boolean) => {
  const base = z
    .string({ error: required ? messages.required('CNPJ') : message })
    .refine(isValidCnpj, message)
    .transform(cleanCnpj);
  return z.preprocess(blankToNull, required ? base : base.nullable().optional());
};

/** A flag the old screens send as 0/1, '0'/'1' or true/false. */
export const flag = (label: string) =>
  z.preprocess(
    (v) => (v === 1 || v === '1' || v === 'true' ? true : v === 0 || v === '0' || v === 'false' ? false : v),
    z.boolean({ error: messages.invalid(label) }),
  );
