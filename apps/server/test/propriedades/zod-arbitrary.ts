import fc from 'fast-check';
import { z } from 'zod';

/**
 * fast-check arbitraries from the domain's zod 4 schemas. zod-fast-check only supports zod 3
 * (peer zod ^3.18), so the schema is read through z.toJSONSchema — the input side, transforms and
 * refinements left out — and each JSON Schema node becomes an arbitrary. What a refinement demands
 * (a catalog code, a CNPJ check digit) the JSON Schema cannot say: `hints` give values by key.
 */
export type Hints = Record<string, fc.Arbitrary<unknown>>;

type Node = {
  type?: string | string[];
  anyOf?: Node[];
  oneOf?: Node[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Node>;
  required?: string[];
  items?: Node;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
};

const email = fc
  .tuple(fc.stringMatching(/^[a-z][a-z0-9]{0,9}$/), fc.constantFrom('demo.portal', 'exemplo.com.br'))
  .map(([user, domain]) => `${user}@${domain}`);

function stringOf(node: Node, requireAll = false): fc.Arbitrary<string> {
  if (node.format === 'email') return email;
  if (node.format === 'date')
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2035-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  if (node.pattern) return fc.stringMatching(new RegExp(node.pattern));
  // Portuguese text, accents included, within the column's width.
  return fc.string({
    unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz ABCÇÃÉÍÓÚâêôç0123456789-/.'.split('')),
    minLength: node.minLength ?? (requireAll ? 3 : 0),
    maxLength: Math.min(node.maxLength ?? 40, 40),
  });
}

function numberOf(node: Node, integer: boolean): fc.Arbitrary<number> {
  const min = node.exclusiveMinimum !== undefined ? node.exclusiveMinimum + 1 : (node.minimum ?? -1000);
  const max = node.exclusiveMaximum !== undefined ? node.exclusiveMaximum - 1 : (node.maximum ?? 100_000);
  // Small values are the ones that name real rows and codes; the far end of the range is kept too.
  const bounded = (lo: number, hi: number) =>
    integer ? fc.integer({ min: lo, max: hi }) : fc.double({ min: lo, max: hi, noNaN: true });
  return fc.oneof(
    { weight: 4, arbitrary: bounded(Math.max(min, -5), Math.min(max, Math.max(min, 0) + 50)) },
    { weight: 1, arbitrary: bounded(min, Math.min(max, Number.MAX_SAFE_INTEGER)) },
  );
}

function arbitraryOf(node: Node, hints: Hints, key?: string, requireAll = false): fc.Arbitrary<unknown> {
  if (key !== undefined && hints[key]) return hints[key];
  if (node.const !== undefined) return fc.constant(node.const);
  if (node.enum) return fc.constantFrom(...node.enum);
  const alternatives = node.anyOf ?? node.oneOf;
  // A complete payload fills every field: null only where nothing else is allowed.
  const filled = <T>(options: T[], isNull: (o: T) => boolean) =>
    requireAll && options.some((o) => !isNull(o)) ? options.filter((o) => !isNull(o)) : options;
  if (alternatives)
    return fc.oneof(
      ...filled(alternatives, (n) => n.type === 'null').map((n) =>
        arbitraryOf(n, hints, undefined, requireAll),
      ),
    );
  if (Array.isArray(node.type))
    return fc.oneof(
      ...filled(node.type, (t) => t === 'null').map((type) =>
        arbitraryOf({ ...node, type }, hints, undefined, requireAll),
      ),
    );
  switch (node.type) {
    case 'object': {
      const properties = node.properties ?? {};
      const record = Object.fromEntries(
        Object.entries(properties).map(([k, n]) => [k, arbitraryOf(n, hints, k, requireAll)]),
      );
      return fc.record(record, {
        requiredKeys: requireAll
          ? Object.keys(properties)
          : (node.required ?? []).filter((k) => k in properties),
      });
    }
    case 'array':
      return fc.array(arbitraryOf(node.items ?? {}, hints), {
        minLength: node.minItems ?? 0,
        maxLength: Math.min(node.maxItems ?? 4, 4),
      });
    case 'string':
      return stringOf(node, requireAll);
    case 'integer':
      return numberOf(node, true);
    case 'number':
      return numberOf(node, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      // `{}`: a value the schema does not describe (a transform, z.unknown()).
      return fc.oneof(fc.constant(undefined), fc.string({ maxLength: 10 }), fc.integer());
  }
}

/**
 * Valid-shaped payloads of `schema`: the types, widths, ranges and enums of its JSON Schema.
 * `requireAll` fills every declared field, for forms whose rules require more than the schema.
 */
export function arbitraryFrom(
  schema: z.ZodType,
  hints: Hints = {},
  requireAll = false,
): fc.Arbitrary<Record<string, unknown>> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Node;
  return arbitraryOf(json, hints, undefined, requireAll) as fc.Arbitrary<Record<string, unknown>>;
}

/** The property names a schema declares, for aiming hostile values at real fields. */
export function keysOf(schema: z.ZodType): string[] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Node;
  return Object.keys(json.properties ?? {});
}
