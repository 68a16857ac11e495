/**
 * The error catalogue: every kind of client error the API answers, and its one HTTP status.
 * A refusal is classified here by what went wrong, never by the module that found it, so the same
 * mistake gets the same status on every route (issue 30). Every answer keeps the `{error: 1, msg}`
 * envelope with a Portuguese message, and `campo` when one field is to blame.
 *
 * The statuses are those most routes already answered: the documented API is a compatibility
 * contract (docs/decisions/api-contract.md, D-API-002, "Status codes of bad input, everywhere").
 */
export const CLIENT_ERRORS = {
  /**
   * The request is not what the call reads: a body that is not JSON or not UTF-8, a field of the
   * wrong type, a field the call itself needs missing (the id of an edit, its version, the unit of a
   * new regularization, the file of an import), a text past its length or a number past its range,
   * a field the call does not take.
   */
  malformed: 400,
  /**
   * A well-formed value the rules refuse: an invalid CNPJ, CPF, CEP, e-mail or date, an option
   * outside its list (a status, a sort column, an export's list), an identifier with characters it
   * cannot have, a reference to a row that does not exist, a duplicate, a file whose content is not
   * what the slot takes, a field the workflow requires in this status, a move it does not allow.
   */
  refused: 422,
  /** Nobody is signed in, or the session ended. */
  unauthenticated: 401,
  /** The user is signed in but may not do this (menu, scope, grant, inactive account). */
  forbidden: 403,
  /** The record does not exist, or is outside the user's scope. */
  notFound: 404,
  /** The record changed since it was read (stale version) or its state no longer allows the call. */
  conflict: 409,
  /** A file that existed and is no longer kept (an expired export). */
  gone: 410,
  /** The body or one of its files is over the size the call accepts (15 MB an attachment). */
  tooLarge: 413,
  /** The body's content type is not one the call reads. */
  unsupportedMediaType: 415,
  /** Too many calls (or exports under way) in a window; try again later. */
  tooMany: 429,
} as const satisfies Record<string, number>;

export type ClientErrorKind = keyof typeof CLIENT_ERRORS;
export type ClientErrorStatus = (typeof CLIENT_ERRORS)[ClientErrorKind];

/**
 * The kind of a schema problem, by zod's issue code: the shape of the request (type, presence,
 * size, unknown keys) is malformed; a value's content (its format, its list of options, a rule of
 * its own such as a CNPJ's check digits) is refused. A code zod adds later counts as malformed.
 */
const REFUSED_ISSUES: ReadonlySet<string> = new Set(['custom', 'invalid_format', 'invalid_value']);

export const schemaProblemKind = (zodIssueCode: string): 'malformed' | 'refused' =>
  REFUSED_ISSUES.has(zodIssueCode) ? 'refused' : 'malformed';

/** The status of a schema problem (see schemaProblemKind). */
export const schemaProblemStatus = (zodIssueCode: string): 400 | 422 =>
  CLIENT_ERRORS[schemaProblemKind(zodIssueCode)];
