import type { FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';
import { badRequest } from './errors.ts';

export const NOT_UTF8 = 'O corpo da requisição não está em UTF-8 válido.';
export const OTHER_CHARSET = 'O corpo da requisição precisa estar em UTF-8 (charset=utf-8).';

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Text as UTF-8, or null when its bytes are not: a decoder that replaces what it cannot read would
 * store '\uFFFD' where the user wrote something else (issue 30).
 */
export function strictUtf8(bytes: Uint8Array): string | null {
  try {
    return UTF8.decode(bytes);
  } catch {
    return null;
  }
}

/** The charset a Content-Type declares, lower case and unquoted; undefined when none. */
const charsetOf = (contentType: string | undefined) =>
  /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '')?.[1]?.toLowerCase();

/**
 * JSON bodies as Fastify parses them (prototype poisoning refused), in UTF-8 only (RFC 8259 §8.1):
 * another declared charset or bytes that are not UTF-8 are refused, never decoded into replacement
 * characters. An empty body is accepted as no body: clients send `Content-Type: application/json`
 * on calls that take nothing, such as logout, and the route's schema still decides whether a body
 * was required.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const charset = charsetOf(request.headers['content-type']);
    if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8')
      return done(badRequest(OTHER_CHARSET));
    const text = strictUtf8(body as Buffer);
    if (text === null) return done(badRequest(NOT_UTF8));
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }));
    } catch {
      done(badRequest('O corpo da requisição não é um JSON válido.'), undefined);
    }
  });
}
