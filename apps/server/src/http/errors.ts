/**
 * A failure the client should see as it is: an HTTP status and a Portuguese message.
 * Use cases throw these; the error handler maps them to the `{error: 1, msg}` envelope once.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const badRequest = (msg: string, field?: string) => new AppError(400, msg, field);
export const unauthorized = (msg = 'Sessão expirada. Entre novamente.') => new AppError(401, msg);
export const forbidden = (msg = 'Você não tem permissão para esta ação.', field?: string) =>
  new AppError(403, msg, field);
export const notFound = (msg = 'Registro não encontrado.') => new AppError(404, msg);
export const conflict = (msg: string) => new AppError(409, msg);
export const unprocessable = (msg: string, field?: string) => new AppError(422, msg, field);

/**
 * The status of a schema problem: a missing, mistyped or overlong field is a malformed request
 * (400); a well-formed value the rules reject — an invalid CNPJ, CEP or e-mail, an option outside
 * its list — is unprocessable (422).
 */
export const schemaProblemStatus = (zodIssueCode: string): 400 | 422 =>
  ['custom', 'invalid_format', 'invalid_value'].includes(zodIssueCode) ? 422 : 400;
