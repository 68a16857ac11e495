import { CLIENT_ERRORS } from '@portal/domain/contracts/errors';

export { schemaProblemStatus } from '@portal/domain/contracts/errors';

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

/*
 * One helper per kind of the domain's error catalogue (contracts/errors.ts): a use case names what
 * went wrong, and the catalogue alone decides the status.
 */
/** Malformed: wrong type, a field the call needs missing, too long, not JSON/UTF-8 (400). */
export const badRequest = (msg: string, field?: string) => new AppError(CLIENT_ERRORS.malformed, msg, field);
export const unauthorized = (msg = 'Sessão expirada. Entre novamente.') =>
  new AppError(CLIENT_ERRORS.unauthenticated, msg);
export const forbidden = (msg = 'Você não tem permissão para esta ação.', field?: string) =>
  new AppError(CLIENT_ERRORS.forbidden, msg, field);
export const notFound = (msg = 'Registro não encontrado.') => new AppError(CLIENT_ERRORS.notFound, msg);
export const conflict = (msg: string) => new AppError(CLIENT_ERRORS.conflict, msg);
export const gone = (msg: string) => new AppError(CLIENT_ERRORS.gone, msg);
/** Refused: a well-formed value the rules refuse (invalid CNPJ, option outside its list…) (422). */
export const unprocessable = (msg: string, field?: string) => new AppError(CLIENT_ERRORS.refused, msg, field);
/** Over the size the call accepts: the body or one of its files (413). */
export const tooLarge = (msg: string, field?: string) => new AppError(CLIENT_ERRORS.tooLarge, msg, field);
export const tooMany = (msg: string) => new AppError(CLIENT_ERRORS.tooMany, msg);
