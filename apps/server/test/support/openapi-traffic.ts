import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/**
 * Issue 32 step 5: every request and answer of the API test suite is checked against the OpenAPI
 * document the server generates, by a validator nobody here wrote (Ajv, JSON Schema 2020-12, the
 * dialect of the OpenAPI 3.1 document). A violation answers 500 naming it, so the test that made
 * the call fails:
 * - an answer whose status the operation does not document, or whose JSON body its schema refuses;
 * - a download whose content type the operation does not list;
 * - a JSON request body the document refuses that the server nevertheless accepted (2xx).
 */

type Operation = {
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};
type Document = { paths: Record<string, Record<string, Operation>> };

const pointer = (...parts: string[]) =>
  parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
const base = (contentType: string) => contentType.split(';')[0]!.trim().toLowerCase();
const accepts = (declared: string, actual: string) => {
  const [type, subtype] = base(declared).split('/');
  const [aType, aSubtype] = base(actual).split('/');
  return type === aType && (subtype === '*' || subtype === aSubtype);
};

export const VIOLATION = 'Violação do documento OpenAPI';

export function validateTrafficAgainstOpenApi(app: FastifyInstance): void {
  let compiled: { document: Document; ajv: Ajv2020 } | undefined;
  const validators = new Map<string, ValidateFunction>();
  const setup = () => {
    if (compiled) return compiled;
    const document = app.swagger() as unknown as Document;
    const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
    addFormats(ajv);
    ajv.addSchema({ ...(document as object), $id: 'openapi' });
    return (compiled = { document, ajv });
  };
  const validatorAt = (ref: string) => {
    let validate = validators.get(ref);
    if (!validate) validators.set(ref, (validate = setup().ajv.compile({ $ref: `openapi#/${ref}` })));
    return validate;
  };
  const operationOf = (request: FastifyRequest) => {
    const url = request.routeOptions.url;
    if (!url || !request.routeOptions.config?.call) return undefined;
    const path = url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const method = request.method.toLowerCase() === 'head' ? 'get' : request.method.toLowerCase();
    const operation = setup().document.paths[path]?.[method];
    return operation && { path, method, operation };
  };
  const rawBodies = new WeakMap<FastifyRequest, unknown>();

  // Before zod parses (and transforms) it: the body as the client sent it.
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined || request.isMultipart()) return;
    try {
      rawBodies.set(request, structuredClone(request.body));
    } catch {
      // Too deep to copy (a hostile body thousands of arrays deep): the server refuses it anyway.
    }
  });

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    const found = operationOf(request);
    if (!found) return payload;
    const { path, method, operation } = found;
    const fail = (what: string) => {
      request.log.error({ path, method }, what);
      reply.status(500).header('content-type', 'application/json; charset=utf-8');
      return JSON.stringify({ error: 1, msg: `${VIOLATION}: ${method.toUpperCase()} ${path}: ${what}` });
    };
    const status = String(reply.statusCode);
    const answer = operation.responses?.[status];
    if (!answer) return fail(`status ${status} não documentado`);
    const contentType = String(reply.getHeader('content-type') ?? '');
    const declared = Object.keys(answer.content ?? {});
    if (base(contentType) === 'application/json' && declared.includes('application/json')) {
      const body = typeof payload === 'string' ? JSON.parse(payload) : undefined;
      if (body !== undefined) {
        const validate = validatorAt(
          pointer('paths', path, method, 'responses', status, 'content', 'application/json', 'schema'),
        );
        if (!validate(body))
          return fail(`resposta ${status} fora do esquema: ${JSON.stringify(validate.errors?.slice(0, 2))}`);
      }
    } else if (declared.length && contentType && !declared.some((type) => accepts(type, contentType))) {
      return fail(`tipo ${contentType} não documentado para ${status}`);
    }
    // A request the document refuses must not be accepted.
    const sent = rawBodies.get(request);
    if (
      reply.statusCode < 300 &&
      sent !== undefined &&
      operation.requestBody?.content?.['application/json']
    ) {
      const validate = validatorAt(
        pointer('paths', path, method, 'requestBody', 'content', 'application/json', 'schema'),
      );
      if (!validate(sent))
        return fail(`pedido aceito fora do esquema: ${JSON.stringify(validate.errors?.slice(0, 2))}`);
    }
    return payload;
  });
}
