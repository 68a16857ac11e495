import { z } from 'zod';
import { fieldLabel } from '../catalogs/field-labels.ts';
import { cleanCep, isValidCep } from '../validators/cep.ts';
import { cleanCnpj, isValidCnpj } from '../validators/cnpj.ts';
import { identifierCharactersMessage, isIdentifier, normalizeIdentifier } from '../validators/identifier.ts';
import { cleanTaxId, isValidCpfOrCnpj } from '../validators/tax-id.ts';

/**
 * Building blocks of the payload schemas. Every message names the field as the user reads it.
 * Text is cleaned (cleanTypedText) and a blank value becomes null: "not filled" has one representation.
 * Whether a field is required often depends on the user and the status; that is the policy's
 * job (checkSave), so these blocks accept null unless the field is required for everyone.
 */

/**
 * Text as the user meant it: one Unicode form (a decomposed 'ã' is the composed one), every space
 * an ordinary space, and no invisible format characters (zero-width spaces and joiners, soft
 * hyphens, byte-order and direction marks). Nobody types those on purpose, and kept they would
 * make two spellings of one unit look like two units to the duplicate check.
 */
export const cleanTypedText = (typed: string): string =>
  typed
    .normalize('NFC')
    .replace(/\p{Cf}/gu, '')
    .replace(/\p{Zs}/gu, ' ')
    .trim();

const blankToNull = (value: unknown) => {
  if (typeof value === 'string') return cleanTypedText(value) || null;
  return value;
};

/** Form selectors send codes as strings; the API stores numbers. */
const numericStringToNumber = (value: unknown) => {
  const v = blankToNull(value);
  return typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v;
};

/** The largest value of a PostgreSQL integer column: every id and reference is one. */
export const MAX_ID = 2_147_483_647;
/** The largest value of a PostgreSQL smallint column: statuses and catalog codes. */
export const MAX_SMALLINT = 32_767;

export const messages = {
  required: (label: string) => `O campo ${label} é obrigatório.`,
  max: (label: string, max: number) => `O campo ${label} pode ter no máximo ${max} caracteres.`,
  invalid: (label: string) => `O campo ${label} é inválido.`,
  date: (label: string) => `O campo ${label} deve ser uma data válida (AAAA-MM-DD).`,
  characters: (label: string) => `O campo ${label} contém caracteres inválidos.`,
  wholeNumber: (label: string) => `O campo ${label} deve ser um número inteiro de 1 a ${MAX_SMALLINT}.`,
};

/**
 * zod's own messages — a type or range error of a schema that has no text of its own — name the
 * field by its label, as every message of these schemas does: 'O campo Página é inválido.', never
 * 'page: …'. A schema's own message always wins over this; an issue without a field keeps zod's.
 */
z.config({
  customError: (issue) => {
    const field = issue.path?.[0];
    if (typeof field !== 'string') return undefined;
    const label = fieldLabel(field);
    return issue.input === undefined ? messages.required(label) : messages.invalid(label);
  },
});

/**
 * Text PostgreSQL can store as it was typed: a NUL byte is refused by the database, and a lone
 * UTF-16 surrogate is no character at all (the driver would silently store U+FFFD instead).
 * With the `u` flag a surrogate pair is one code point, so only lone halves match \p{Cs}.
 */
const LONE_SURROGATE = /\p{Cs}/u;
export const isStorableText = (s: string): boolean => !s.includes('\u0000') && !LONE_SURROGATE.test(s);

/** A string of at most `max` storable characters; `error` is the message for a non-string. */
const storableString = (label: string, max: number, error: string) =>
  z.string({ error }).max(max, messages.max(label, max)).refine(isStorableText, messages.characters(label));

export const optionalText = (max: number, label: string) =>
  z.preprocess(blankToNull, storableString(label, max, messages.invalid(label)).nullable().optional());

export const requiredText = (max: number, label: string) =>
  z.preprocess(blankToNull, storableString(label, max, messages.required(label)));

/**
 * An identifier (validators/identifier.ts): stored in its one spelling, so the duplicate check and
 * the provider base compare like with like, and refused naming the field when it holds characters
 * no concessionaire id has. The maximum counts the normalised characters, the ones stored.
 */
const identifierString = (label: string, max: number, error: string) =>
  storableString(label, max, error).refine(isIdentifier, identifierCharactersMessage(label));
const normalizedOrNull = (value: unknown) =>
  typeof value === 'string' ? normalizeIdentifier(value) || null : value;

export const optionalIdentifier = (max: number, label: string) =>
  z.preprocess(normalizedOrNull, identifierString(label, max, messages.invalid(label)).nullable().optional());

export const requiredIdentifier = (max: number, label: string) =>
  z.preprocess(normalizedOrNull, identifierString(label, max, messages.required(label)));

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

/** A row id: a whole number from 1 to MAX_ID, so an out-of-range one never reaches SQL. */
const idNumber = (label: string, missing: string) =>
  z
    .number({ error: (issue) => (issue.input == null ? missing : messages.invalid(label)) })
    .int(messages.invalid(label))
    .positive(messages.invalid(label))
    .max(MAX_ID, messages.invalid(label));

/** A reference to another row (company, concessionaire, regional); the server checks it exists. */
export const optionalRef = (label: string) =>
  z.preprocess(numericStringToNumber, idNumber(label, messages.invalid(label)).nullable().optional());

export const requiredRef = (label: string) =>
  z.preprocess(numericStringToNumber, idNumber(label, messages.required(label)));

export const recordId = requiredRef('ID');
/** An optional row id, named in its message as the user knows the field. */
export const optionalId = (label: string) =>
  z.preprocess(numericStringToNumber, idNumber(label, messages.invalid(label)).optional());
export const optionalRecordId = optionalId('ID');

/** A whole number a smallint column holds (1 to MAX_SMALLINT), for codes without a fixed catalog. */
export const optionalSmallCode = (label: string) =>
  z.preprocess(
    numericStringToNumber,
    z
      .number({ error: messages.wholeNumber(label) })
      .int(messages.wholeNumber(label))
      .min(1, messages.wholeNumber(label))
      .max(MAX_SMALLINT, messages.wholeNumber(label))
      .nullable()
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
    .max(MAX_ID, messages.invalid('Versão'))
    .optional(),
);

/** A calendar date; PostgreSQL has no year 0, so 0000-MM-DD is refused here rather than by SQL. */
export const optionalDate = (label: string) =>
  z.preprocess(
    blankToNull,
    z.iso
      .date({ error: messages.date(label) })
      .refine((d) => !d.startsWith('0000'), messages.date(label))
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
