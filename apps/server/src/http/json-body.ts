import type { FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';
import { badRequest } from './errors.ts';

/**
 * JSON bodies as Fastify parses them (prototype poisoning refused), except that an empty body
 * is accepted as no body: clients send `Content-Type: application/json` on calls that take
 * nothing, such as logout, and the route's schema still decides whether a body was required.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }));
    } catch {
      done(badRequest('O corpo da requisição não é um JSON válido.'), undefined);
    }
  });
}
