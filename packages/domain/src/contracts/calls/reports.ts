import { REPORTS, type ReportDefinition } from '../../reports/definitions.ts';
import {
  regularizationReportExportQuery,
  regularizationReportQuery,
  requestReportExportQuery,
  requestReportQuery,
} from '../../reports/query.ts';
import { requestForm } from '../../workflow/forms.ts';
import { defineCall, menuRule } from '../call.ts';
import { reportPageReply } from '../reports.ts';
import { SHEET_DOWNLOAD } from './shared.ts';

/**
 * The six reports (spec part 2 §2.10, §7): `POST …/relatorio` answers a page with the filters'
 * total; `GET …/relatorio/exportar` streams every row of the same filters. Both behind the report's
 * menu entry; a request form's report is documented with the form's other calls.
 */
function buildReportCalls(report: ReportDefinition) {
  const tags = [
    report.source.of === 'requests' ? requestForm(report.flow, report.source.kind).title : 'Relatórios',
  ];
  const access = menuRule(report.menuKey);
  const ofRequests = report.source.of === 'requests';
  return {
    report,
    page: defineCall({
      method: 'POST',
      path: `/api/${report.api}`,
      tags,
      access,
      body: ofRequests ? requestReportQuery : regularizationReportQuery,
      answer: reportPageReply,
    }),
    export: defineCall({
      method: 'GET',
      path: `/api/${report.api}/exportar`,
      tags,
      access,
      query: ofRequests ? requestReportExportQuery : regularizationReportExportQuery,
      download: SHEET_DOWNLOAD,
      errors: ['tooMany'],
    }),
  };
}

export const reportCalls = REPORTS.map(buildReportCalls);

/** The calls of one report. */
export const reportCallsOf = (report: ReportDefinition) =>
  reportCalls.find((calls) => calls.report === report)!;
