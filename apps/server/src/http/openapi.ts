import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Call } from '@portal/domain/contracts/call';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type Transformed = ReturnType<typeof jsonSchemaTransform>;

const BINARY = { type: 'string', format: 'binary' } as const;

/** The multipart body of a call: its fields as text parts, and its file slots. */
function multipartSchema(call: Call): Record<string, unknown> {
  const fields = z.toJSONSchema(call.multipart!.fields, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, unknown>;
    required?: string[];
  };
  const properties: Record<string, unknown> = { ...fields.properties };
  for (const slot of call.multipart!.files) {
    properties[slot.name] = slot.many
      ? { type: 'array', items: BINARY, description: slot.description }
      : { ...BINARY, description: slot.description };
  }
  return { type: 'object', properties, ...(fields.required?.length && { required: fields.required }) };
}

/**
 * The OpenAPI transform: zod schemas become JSON schemas (fastify-type-provider-zod), then what a
 * route schema cannot say is taken from the call's descriptor: a multipart body with its fields
 * and files, a download's content types, and a description on every answer.
 */
export function callSchemaTransform(input: TransformInput): Transformed {
  const out = jsonSchemaTransform(input);
  const call = (input.route as { config?: { call?: Call } } | undefined)?.config?.call;
  if (!call || !out.schema || (out.schema as { hide?: boolean }).hide) return out;
  const schema = out.schema as Record<string, unknown> & { response?: Record<string, unknown> };
  if (call.multipart) {
    schema.body = multipartSchema(call);
    schema.consumes = ['multipart/form-data'];
  }
  if (call.download) {
    schema.response = {
      200: {
        description: 'O arquivo.',
        content: Object.fromEntries(call.download.contentTypes.map((type) => [type, { schema: BINARY }])),
      },
      ...schema.response,
    };
  }
  return out;
}
