import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Failures Fastify or Node answer before any route runs (a malformed URL, an over-long path
 * parameter, oversized headers, a stalled request) keep the `{error: 1, msg}` envelope in
 * Portuguese, like every other answer of the API.
 */
const MESSAGES = {
  400: 'Requisição inválida.',
  408: 'A requisição demorou demais e foi interrompida. Tente novamente.',
  414: 'O endereço da requisição é longo demais.',
  431: 'Os cabeçalhos da requisição são grandes demais.',
} as const;

/** Fastify's `frameworkErrors`: a URL it cannot decode, or a path parameter over its limit. */
export function frameworkErrors(error: { code?: string }, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  return reply.status(status).send({ error: 1, msg: MESSAGES[status] });
}

/** Fastify's `clientErrorHandler`: Node's parser refused the request before it became one. */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify({ error: 1, msg: MESSAGES[status] });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
