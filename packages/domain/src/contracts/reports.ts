import { z } from 'zod';

/**
 * The report calls (spec part 2 §7 `novas-unidades/relatorio`, `unidades/relatorio`,
 * `consolidacao/relatorio`, and their water twins under agua/): `{error, dados}` with the page's
 * rows, and `total`. The rows' columns are reports/columns.ts; the export streams the same rows.
 */
export {
  requestReportQuery as requestReportBody,
  regularizationReportQuery as regularizationReportBody,
  requestReportExportQuery,
  regularizationReportExportQuery,
  listExportQuery,
  regularizationListExportQuery,
} from '../reports/query.ts';

export const reportCellSchema = z.union([z.string(), z.number(), z.null()]);

export const reportPageReply = z.object({
  error: z.literal(0),
  dados: z.array(z.record(z.string(), reportCellSchema)),
  total: z.number(),
});
export type ReportPage = z.infer<typeof reportPageReply>;
