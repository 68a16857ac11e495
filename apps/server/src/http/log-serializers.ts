import type { FastifyRequest } from 'fastify';
import { stdSerializers } from 'pino';

/**
 * What reaches the log never holds a secret (GUIDE §7): the reset link's token in the path of the
 * page that opens it, a bearer token (headers are never logged), or the parameters of a failed
 * statement, where a password hash or personal data may sit.
 */

export const REDACTED = '[redacted]';
const HIDDEN = REDACTED;

/**
 * Censored by pino in any line whatever the serializers did: credentials in headers (should a
 * line ever log them), statement parameters, password fields.
 */
export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'err.params',
  'err.parameters',
  'password',
  'passwordHash',
  '*.password',
  '*.passwordHash',
  '*.password_hash',
  '*.senha_atual',
];

/** The SPA path of the password link, /recuperar-senha/<token>, with the token hidden. */
export const redactUrl = (url: string): string =>
  url.replace(/(\/recuperar-senha\/)[^/?#]+/gi, `$1${HIDDEN}`);

/** Fastify passes its request; the type it declares is Node's, which has no `host` nor `ip`. */
type LoggedRequest = Partial<Pick<FastifyRequest, 'host' | 'ip'>> & {
  method?: string;
  url?: string;
  socket?: { remotePort?: number };
};

export const serializeRequest = (request: LoggedRequest) => ({
  method: request.method,
  url: request.url && redactUrl(request.url),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});

/** Drizzle writes the failed statement's values into the message ("…\nparams: v1,v2"). */
const withoutParams = (text: string) =>
  text.replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/, `\nparams: ${HIDDEN}`);

/**
 * PostgreSQL echoes values in some messages: a constraint's "Failing row contains (…)" holds the
 * whole row (a password hash included), "Key (email)=(…)" the duplicate, and "invalid input
 * syntax for type integer: "…"" the value refused.
 */
const withoutValues = (text: string) =>
  text
    .replace(/(Failing row contains )\(.*\)/g, `$1${HIDDEN}`)
    .replace(/(Key \([^)]*\)=)\(.*?\)(?= already exists| is not present|\.|$)/g, `$1${HIDDEN}`)
    .replace(/(invalid input (?:syntax|value) for [^:\n]*: )"[^\n]*"/g, `$1${HIDDEN}`);

/** An error's text with the values a statement or PostgreSQL echoed hidden: what may be kept or shown. */
export const withoutSecrets = (text: string) => withoutValues(withoutParams(text));

type Serialized = Record<string, unknown>;
type SerializedError = Serialized & { type: string; message: string; stack: string };

function scrub(error: Serialized, depth = 0): Serialized {
  const { params: _params, parameters: _parameters, ...rest } = error;
  for (const key of ['message', 'stack'] as const) {
    if (typeof rest[key] === 'string') rest[key] = withoutSecrets(rest[key]);
  }
  if (typeof rest.detail === 'string') rest.detail = withoutValues(rest.detail);
  if (rest.cause && typeof rest.cause === 'object' && depth < 5)
    rest.cause = scrub(rest.cause as Serialized, depth + 1);
  return rest;
}

export const serializeError = (error: Error): SerializedError =>
  scrub(stdSerializers.errWithCause(error) as unknown as Serialized) as SerializedError;
