import { z } from 'zod';
import { optionalDate } from '../schemas/fields.ts';
import { listQuery, regularizationListQuery } from '../schemas/list.ts';

/**
 * A report's filters (spec part 2 §2.10): the list's paging, sort, status and search, plus the
 * date range the spec hides and the portal shows. The search is the lists' own (issue 34: parts of
 * the ids, CEP, address and tax ids; docs/decisions/lists-and-search.md, D-LST-011). The regularization report also takes the
 * divergence type.
 */
const dateRange = {
  de: optionalDate('Data inicial'),
  ate: optionalDate('Data final'),
};
const RANGE_OUT_OF_ORDER = 'A data inicial deve ser anterior ou igual à data final.';
const inOrder = (q: { de?: string | null; ate?: string | null }) => !q.de || !q.ate || q.de <= q.ate;

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** The export takes the same filters, and the file's format (xlsx unless csv is asked for). */
const exportFormat = {
  formato: z.enum(EXPORT_FORMATS, { error: 'Formato de arquivo inválido.' }).default('xlsx'),
};

const requestReportBase = listQuery.omit({ id: true }).extend(dateRange);
const regularizationReportBase = regularizationListQuery.omit({ id: true }).extend(dateRange);

export const requestReportQuery = requestReportBase.refine(inOrder, {
  message: RANGE_OUT_OF_ORDER,
  path: ['ate'],
});
export const regularizationReportQuery = regularizationReportBase.refine(inOrder, {
  message: RANGE_OUT_OF_ORDER,
  path: ['ate'],
});
export const requestReportExportQuery = requestReportBase
  .extend(exportFormat)
  .refine(inOrder, { message: RANGE_OUT_OF_ORDER, path: ['ate'] });
export const regularizationReportExportQuery = regularizationReportBase
  .extend(exportFormat)
  .refine(inOrder, { message: RANGE_OUT_OF_ORDER, path: ['ate'] });

export type RequestReportQuery = z.infer<typeof requestReportQuery>;
export type RegularizationReportQuery = z.infer<typeof regularizationReportQuery>;
export type ReportQuery = RequestReportQuery | RegularizationReportQuery;

/** A list's export ('Exportar' on the list): the list's own filters, and the file's format. */
export const listExportQuery = listQuery.omit({ id: true }).extend(exportFormat);
/** The regularization list's export: its own filters (search, status, divergence type). */
export const regularizationListExportQuery = regularizationListQuery.omit({ id: true }).extend(exportFormat);
