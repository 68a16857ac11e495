import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorDescription, statusOf as errorStatus, type Call } from '@portal/domain/contracts/call';

type OverrideContext = { zodSchema: z.core.$ZodType; jsonSchema: Record<string, unknown> };

const LENIENT =
  'O servidor converte o valor antes de validá-lo (formas antigas: número em texto, 0/1, "Todos", lista separada por vírgulas…); a forma canônica é o primeiro esquema.';

/**
 * A field with z.preprocess takes more than its schema says: the server converts the value first
 * (a number sent as text, a 0/1 flag, 'Todos'), as the documented calls always did. The document
 * says so: the canonical schema, or any value the conversion turns into it; a union's empty
 * branches are dropped, as fastify-type-provider-zod's own override does.
 */
function override({ zodSchema, jsonSchema }: OverrideContext): void {
  const def = zodSchema._zod.def as { type: string; in?: z.core.$ZodType };
  if (def.type === 'union' && Array.isArray(jsonSchema.anyOf)) {
    jsonSchema.anyOf = (jsonSchema.anyOf as object[]).filter((branch) => Object.keys(branch).length > 0);
  }
  if (def.type === 'pipe' && def.in?._zod.traits.has('$ZodTransform')) {
    const canonical = { ...jsonSchema };
    for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
    if ('default' in canonical) jsonSchema.default = canonical.default;
    jsonSchema.anyOf = [canonical, { description: LENIENT }];
  }
}

const zodToJsonConfig = { override } as unknown as Parameters<
  typeof createJsonSchemaTransform
>[0]['zodToJsonConfig'];
const jsonSchemaTransform = createJsonSchemaTransform({ zodToJsonConfig });
const jsonSchemaTransformObject = createJsonSchemaTransformObject({ zodToJsonConfig });

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type Transformed = ReturnType<typeof jsonSchemaTransform>;
type TransformObjectInput = Parameters<typeof jsonSchemaTransformObject>[0];

const BINARY = { type: 'string', format: 'binary' } as const;

const jsonSchemaOf = (schema: z.core.$ZodType) =>
  z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    target: 'draft-2020-12',
    override: override as never,
  }) as {
    properties?: Record<string, unknown>;
    required?: string[];
  };

/** The multipart body of a call: its fields as text parts, and its file slots. */
function multipartSchema(call: Call): Record<string, unknown> {
  const fields = jsonSchemaOf(call.multipart!.fields);
  const properties: Record<string, unknown> = { ...fields.properties };
  for (const slot of call.multipart!.files) {
    properties[slot.name] = slot.many
      ? { type: 'array', items: BINARY, description: slot.description }
      : { ...BINARY, description: slot.description };
  }
  return { type: 'object', properties, ...(fields.required?.length && { required: fields.required }) };
}

/** `post /api/novas-unidades/list` → `postNovasUnidadesList`; path parameters read `ById`. */
const operationIdOf = (method: string, path: string) =>
  method.toLowerCase() +
  path
    .replace(/^\/api/, '')
    .split(/[/-]/)
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? `By${cap(part.slice(1))}` : cap(part)))
    .join('');
const cap = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** A summary when the descriptor has none: the screen (tag) and what the path does there. */
const summaryOf = (call: Call) =>
  `${call.tags[0] ?? 'API'}: ${call.method} ${call.path.replace(/^\/api\//, '')}`;

const OPERATION_KEY = (method: string, url: string) =>
  `${method.toLowerCase()} ${url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;

/**
 * The OpenAPI document from the calls' descriptors: zod schemas become JSON schemas
 * (fastify-type-provider-zod), then what a route schema cannot say is taken from the descriptor:
 * a multipart body with its fields and files (and its JSON alternative), a download's content
 * types, and the catalogue's description of every error status.
 */
export function callOpenApi() {
  /** Saves that also take JSON: added beside the multipart body once the document is whole. */
  const jsonAlternatives = new Map<string, z.core.$ZodType>();

  function transform(input: TransformInput): Transformed {
    const out = jsonSchemaTransform(input);
    const call = (input.route as { config?: { call?: Call } } | undefined)?.config?.call;
    if (!call || !out.schema || (out.schema as { hide?: boolean }).hide) return out;
    const schema = out.schema as Record<string, unknown> & {
      response?: Record<string, Record<string, unknown>>;
    };
    if (call.multipart) {
      schema.body = multipartSchema(call);
      schema.consumes = ['multipart/form-data'];
      if (call.multipart.json)
        jsonAlternatives.set(OPERATION_KEY(call.method, input.url), call.multipart.json);
    }
    schema.operationId = operationIdOf(call.method, call.path);
    schema.summary = call.summary ?? summaryOf(call);
    // Public calls need no session; every other one takes the bearer token of /api/login.
    schema.security = call.access.kind === 'public' ? [] : [{ sessao: [] }];
    const response: Record<string, unknown> = {};
    if (call.download) {
      response[200] = {
        description: 'O arquivo.',
        content: Object.fromEntries(call.download.contentTypes.map((type) => [type, { schema: BINARY }])),
      };
    }
    for (const [status, answer] of Object.entries(schema.response ?? {})) {
      const kind = call.errorKinds.find((k) => String(errorStatus(k)) === status);
      response[status] = kind ? { ...answer, description: errorDescription(kind) } : answer;
    }
    schema.response = response as typeof schema.response;
    return out;
  }

  function transformObject(input: TransformObjectInput) {
    const document = jsonSchemaTransformObject(input) as {
      paths?: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>>;
    };
    for (const [key, json] of jsonAlternatives) {
      const [method, path] = key.split(' ') as [string, string];
      const content = document.paths?.[path]?.[method]?.requestBody?.content;
      if (content) content['application/json'] = { schema: jsonSchemaOf(json) };
    }
    return document as ReturnType<typeof jsonSchemaTransformObject>;
  }

  return { transform, transformObject };
}
