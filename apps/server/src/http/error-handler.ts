import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseBusy, isDatabaseDiskFull, isDatabaseUnavailable } from '../db/unavailable.ts';
import { CLIENT_ERRORS } from '@portal/domain/contracts/errors';
import { AppError, schemaProblemStatus } from './errors.ts';
import { StorageUnavailableError, StoredFileMissingError } from '../storage/file-storage.ts';

export const DATABASE_UNAVAILABLE = 'Banco de dados indisponível no momento. Tente novamente em instantes.';
export const DATABASE_BUSY = 'O sistema está ocupado no momento. Tente novamente em instantes.';
export const DISK_FULL = 'Espaço em disco esgotado no servidor. Avise o administrador.';
export const STORAGE_UNAVAILABLE =
  'O armazenamento de arquivos está indisponível no momento. Tente novamente em instantes.';
export const STORED_FILE_MISSING =
  'O arquivo não foi encontrado no armazenamento. Avise o administrador do portal.';

/** No space left on the device (or the quota) where a file or the database was being written. */
const isDiskFull = (err: { code?: unknown }) => err.code === 'ENOSPC' || err.code === 'EDQUOT';

/**
 * A value the database refused as data (SQLSTATE class 22: out of range, invalid text or date).
 * The schemas refuse these by field first; this keeps any they miss a 400, never a 500.
 */
const dataExceptionCode = (err: { code?: unknown; cause?: unknown }): string | undefined => {
  const code = (err.cause as { code?: unknown } | undefined)?.code ?? err.code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code) ? code : undefined;
};

/**
 * One place maps every failure to the `{error: 1, msg}` envelope with a Portuguese message.
 * Unexpected errors are logged with their stack and answered with a generic 500: no stack trace,
 * SQL or internal name ever reaches a client.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      return reply
        .status(err.statusCode)
        .send({ error: 1, msg: err.message, ...(err.field && { campo: err.field }) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issue = err.validation[0];
      const field = issue?.instancePath.split('/').filter(Boolean).join('.');
      const message = issue?.message ?? 'Dados inválidos.';
      return reply
        .status(schemaProblemStatus(issue?.keyword ?? ''))
        .send({ error: 1, msg: message, ...(field && { campo: field }) });
    }
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply
        .status(CLIENT_ERRORS.malformed)
        .send({ error: 1, msg: 'O corpo da requisição não é um JSON válido.' });
    }
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply
        .status(CLIENT_ERRORS.unsupportedMediaType)
        .send({ error: 1, msg: 'Tipo de conteúdo não suportado.' });
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.statusCode === 413) {
      return reply.status(CLIENT_ERRORS.tooLarge).send({ error: 1, msg: 'A requisição é grande demais.' });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.status(err.statusCode).send({ error: 1, msg: 'Requisição inválida.' });
    }
    if (err instanceof StoredFileMissingError) {
      request.log.error({ key: err.key }, 'arquivo registrado ausente do armazenamento');
      return reply.status(404).send({ error: 1, msg: STORED_FILE_MISSING });
    }
    // Before the database checks: its cause (ECONNREFUSED…) would read as the database's.
    if (err instanceof StorageUnavailableError) {
      request.log.error({ err }, 'armazenamento de arquivos indisponível');
      return reply.status(503).send({ error: 1, msg: STORAGE_UNAVAILABLE });
    }
    if (isDatabaseBusy(err)) {
      request.log.warn('banco ocupado: chamada recusada ou desfeita, nada gravado');
      return reply.status(503).send({ error: 1, msg: DATABASE_BUSY });
    }
    if (isDatabaseUnavailable(err)) {
      request.log.warn(
        { code: (err.cause as { code?: string } | undefined)?.code ?? err.code },
        'banco indisponível',
      );
      return reply.status(503).send({ error: 1, msg: DATABASE_UNAVAILABLE });
    }
    if (isDiskFull(err)) {
      request.log.error({ err }, 'disco cheio ao gravar arquivo');
      return reply.status(507).send({ error: 1, msg: DISK_FULL });
    }
    const dataException = dataExceptionCode(err);
    if (dataException) {
      // Only the code: the failed query's parameters may hold what must never be logged.
      request.log.warn({ code: dataException }, 'valor recusado pelo banco: falta uma regra no schema');
      return reply
        .status(CLIENT_ERRORS.malformed)
        .send({ error: 1, msg: 'Um dos valores enviados é inválido.' });
    }
    if (isDatabaseDiskFull(err)) {
      request.log.error('banco de dados sem espaço em disco');
      return reply
        .status(507)
        .send({ error: 1, msg: 'Sem espaço em disco no banco de dados. Avise o administrador.' });
    }
    request.log.error({ err }, 'unexpected error');
    return reply.status(500).send({ error: 1, msg: 'Erro interno. Tente novamente em instantes.' });
  });
}
