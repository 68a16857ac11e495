import { ALL_FLOW_KINDS, MAX_ID, MAX_SMALLINT, requestForm, requestSaveSchema } from '@portal/domain';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { REQUEST_FIELD_COLUMNS } from '../src/db/request-field-columns.ts';
import { solicitacoes } from '../src/db/schema.ts';

/**
 * Issue 10 item 2: a payload field whose schema disagrees with its column (id_protocolo was text in
 * the schema and smallint in the table) let a value through to the database, which answered 500.
 * For every field of every form, whatever the schema accepts must fit the column it is stored in.
 */
const columnOf = (field: string): PgColumn | undefined => {
  const property = REQUEST_FIELD_COLUMNS[field as keyof typeof REQUEST_FIELD_COLUMNS];
  return property && solicitacoes[property];
};

/** Inputs a hostile or careless client sends, chosen to overflow each kind of column. */
const PROBES = [
  'Email',
  '1'.repeat(60),
  'A'.repeat(60),
  '32768',
  32_768,
  -32_769,
  2_147_483_648,
  '2147483648',
  1.5,
  '0000-01-01',
  '2026-02-30',
  'não é data',
  true,
  [],
  {},
];

/** Why `value`, as the schema parsed it, would not fit `column`; null when it fits. */
function misfit(column: PgColumn, value: unknown): string | null {
  if (value === null || value === undefined) return column.notNull ? 'null numa coluna not null' : null;
  const length = (column as PgColumn & { length?: number }).length;
  switch (column.columnType) {
    case 'PgVarchar':
    case 'PgChar':
      if (typeof value !== 'string') return `não é texto: ${JSON.stringify(value)}`;
      return length !== undefined && value.length > length ? `${value.length} caracteres > ${length}` : null;
    case 'PgSmallInt':
      return Number.isInteger(value) && Math.abs(value as number) <= MAX_SMALLINT
        ? null
        : `não cabe em smallint: ${JSON.stringify(value)}`;
    case 'PgInteger':
      return Number.isInteger(value) && Math.abs(value as number) <= MAX_ID
        ? null
        : `não cabe em integer: ${JSON.stringify(value)}`;
    case 'PgDateString':
      return typeof value === 'string' &&
        /^\d{4}-\d{2}-\d{2}$/.test(value) &&
        !value.startsWith('0000') &&
        !Number.isNaN(Date.parse(value))
        ? null
        : `não é uma data: ${JSON.stringify(value)}`;
    default:
      return `tipo de coluna sem regra: ${column.columnType}`;
  }
}

describe('every request field agrees with its column', () => {
  for (const { flow, kind } of ALL_FLOW_KINDS) {
    const form = requestForm(flow, kind);
    // The observation is a history row, not a column of the request.
    const stored = form.fields.filter((f) => f !== 'observacao');

    it(`${flow}.${kind}: each field has a column, named as the spec names the field`, () => {
      expect(stored.filter((f) => columnOf(f)?.name !== f)).toEqual([]);
    });

    it(`${flow}.${kind}: no value the schema accepts overflows or mistypes its column`, () => {
      const schema = requestSaveSchema(flow, kind);
      const problems: string[] = [];
      for (const field of stored) {
        for (const probe of PROBES) {
          const parsed = schema.safeParse({ [field]: probe });
          if (!parsed.success) continue;
          const problem = misfit(columnOf(field)!, (parsed.data as Record<string, unknown>)[field]);
          if (problem) problems.push(`${field} ← ${JSON.stringify(probe)}: ${problem}`);
        }
      }
      expect(problems).toEqual([]);
    });
  }
});
