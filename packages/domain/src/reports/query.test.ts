import { describe, expect, it } from 'vitest';
import {
  listExportQuery,
  regularizationReportExportQuery,
  regularizationReportQuery,
  requestReportExportQuery,
  requestReportQuery,
} from './query.ts';

// A report's filters (spec part 2 §2.10): the list's, plus the date range De/Até and, for the
// export, the file's format.
const OUT_OF_ORDER = 'A data inicial deve ser anterior ou igual à data final.';
const issueOf = (result: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) => result.error?.issues.map((i) => [i.path.join('.'), i.message]);

describe('the date range', () => {
  it.each([
    ['request report', requestReportQuery],
    ['regularization report', regularizationReportQuery],
    ['request export', requestReportExportQuery],
    ['regularization export', regularizationReportExportQuery],
  ] as const)('%s: a start after the end is refused on the end date', (_name, schema) => {
    expect(issueOf(schema.safeParse({ de: '2026-03-10', ate: '2026-03-09' }))).toEqual([
      ['ate', OUT_OF_ORDER],
    ]);
    expect(schema.safeParse({ de: '2026-03-10', ate: '2026-03-10' }).success).toBe(true);
    expect(schema.safeParse({ de: '2026-03-10' }).success).toBe(true);
    expect(schema.safeParse({ ate: '2026-03-10' }).success).toBe(true);
    expect(schema.safeParse({}).success).toBe(true);
  });

  it('the dates are read as given', () => {
    expect(requestReportQuery.parse({ de: '2026-01-31', ate: '2026-02-01' })).toMatchObject({
      de: '2026-01-31',
      ate: '2026-02-01',
    });
  });
});

describe('the export’s format', () => {
  it('xlsx unless csv is asked for; anything else is refused', () => {
    expect(requestReportExportQuery.parse({}).formato).toBe('xlsx');
    expect(regularizationReportExportQuery.parse({ formato: 'csv' }).formato).toBe('csv');
    expect(listExportQuery.parse({}).formato).toBe('xlsx');
    expect(issueOf(requestReportExportQuery.safeParse({ formato: 'pdf' }))).toEqual([
      ['formato', 'Formato de arquivo inválido.'],
    ]);
  });

  it('a report’s paged call takes no format', () => {
    expect(requestReportQuery.parse({ formato: 'csv' })).not.toHaveProperty('formato');
  });
});
