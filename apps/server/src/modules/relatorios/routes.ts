import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestForm } from '@portal/domain';
import {
  regularizationReportBody,
  reportPageReply,
  requestReportBody,
} from '@portal/domain/contracts/reports';
import { REPORTS, type ReportDefinition } from '@portal/domain/reports';
import { menuGuard } from '../../http/menu-guard.ts';
import { exportSource, sendExport } from '../exportacoes/sources.ts';
import { regularizationReportPage } from './regularization-report.ts';
import { requestReportPage } from './request-report.ts';

/**
 * The six reports (spec part 2 §2.10, §7): `POST {prefix}/relatorio` answers a page with the
 * filters' total; `GET {prefix}/relatorio/exportar` streams every row of the same filters as xlsx
 * or csv. Both are guarded by the report's menu entry and read within the session's scope.
 */
function reportRoutes(report: ReportDefinition): FastifyPluginAsyncZod {
  // A request form's report is documented with the form's other calls (/api/docs).
  const tags = [
    report.source.of === 'requests' ? requestForm(report.flow, report.source.kind).title : 'Relatórios',
  ];
  const exported = exportSource(`${report.api}/exportar`);
  return async (app) => {
    app.addHook('onRequest', menuGuard(report.menuKey));
    const { source } = report;
    // The file of the report's filters (the queue writes the same one: exportacoes/sources.ts).
    app.get(`/${report.api}/exportar`, { schema: { tags, querystring: exported.query } }, (request, reply) =>
      sendExport(reply, exported, request.user, request.query),
    );

    if (source.of === 'requests') {
      const form = { flow: report.flow, kind: source.kind };
      app.post(
        `/${report.api}`,
        { schema: { tags, body: requestReportBody, response: { 200: reportPageReply } } },
        async (request) => {
          const { rows, total } = await requestReportPage(app.db, request.user, form, request.body);
          return { error: 0 as const, dados: rows, total };
        },
      );
      return;
    }

    app.post(
      `/${report.api}`,
      { schema: { tags, body: regularizationReportBody, response: { 200: reportPageReply } } },
      async (request) => {
        const { rows, total } = await regularizationReportPage(
          app.db,
          request.user,
          report.flow,
          request.body,
        );
        return { error: 0 as const, dados: rows, total };
      },
    );
  };
}

export const relatoriosRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const report of REPORTS) await app.register(reportRoutes(report));
};
