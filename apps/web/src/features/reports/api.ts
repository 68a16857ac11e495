import type { ReportPage } from '@portal/domain/contracts/reports';
import type { ReportDefinition } from '@portal/domain/reports';
import { apiPost } from '../../api/client.ts';

/** A report's filters as its calls take them (spec part 2 §2.10); the export takes the same. */
export type ReportFilters = {
  q?: string;
  status?: number;
  de?: string;
  ate?: string;
  tipo_divergencia?: number;
  sort: string;
  order: 'asc' | 'desc';
};

export const readReportPage = (
  report: ReportDefinition,
  params: ReportFilters & { page: number; per_page: number },
) => apiPost<ReportPage>(report.api, params);

export const reportKeys = {
  page: (report: ReportDefinition, params: object) => ['relatorios', report.api, params] as const,
};
