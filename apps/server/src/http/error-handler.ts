import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { fieldLabel } from '@portal/domain';
import { AppError, schemaProblemStatus } from './errors.ts';

/**
 * A schema message that does not name its field (e.g. zod's own type errors) gets the field's
 * label in front; the shared schemas' messages already name it and pass unchanged.
 */
const withField = (field: string, message: string): string => {
  const label = fieldLabel(field);
  return message.toLowerCase().includes(label.toLowerCase()) ? message : `${label}: ${message}`;
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
        .send({ error: 1, msg: field ? withField(field, message) : message, ...(field && { campo: field }) });
    }
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.status(400).send({ error: 1, msg: 'O corpo da requisição não é um JSON válido.' });
    }
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({ error: 1, msg: 'Tipo de conteúdo não suportado.' });
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.statusCode === 413) {
      return reply.status(413).send({ error: 1, msg: 'A requisição é grande demais.' });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.status(err.statusCode).send({ error: 1, msg: 'Requisição inválida.' });
    }
    request.log.error({ err }, 'unexpected error');
    return reply.status(500).send({ error: 1, msg: 'Erro interno. Tente novamente em instantes.' });
  });
}
