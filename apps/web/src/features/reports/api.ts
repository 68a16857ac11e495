import { reportCallsOf } from '@portal/domain/contracts/calls/reports';
import type { ReportDefinition, RegularizationReportQuery } from '@portal/domain/reports';
import { call } from '../../api/client.ts';

/** A report's filters as its calls take them (spec part 2 §2.10); the export takes the same. */
export type ReportFilters = Omit<RegularizationReportQuery, 'page' | 'per_page'>;

export const readReportPage = (
  report: ReportDefinition,
  params: ReportFilters & Pick<RegularizationReportQuery, 'page' | 'per_page'>,
) => call(reportCallsOf(report).page, { body: params });

export const reportKeys = {
  page: (report: ReportDefinition, params: object) => ['relatorios', report.api, params] as const,
};
