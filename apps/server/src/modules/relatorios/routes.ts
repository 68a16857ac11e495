import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { reportCalls } from '@portal/domain/contracts/calls/reports';
import type { regularizationReportBody, requestReportBody } from '@portal/domain/contracts/reports';
import { route } from '../../http/route.ts';
import { exportSource, sendExport } from '../exportacoes/sources.ts';
import { regularizationReportPage } from './regularization-report-repo.ts';
import { requestReportPage } from './request-report-repo.ts';

/**
 * The six reports (spec part 2 §2.10, §7): `POST {prefix}/relatorio` answers a page with the
 * filters' total; `GET {prefix}/relatorio/exportar` streams every row of the same filters as xlsx
 * or csv. Both behind the report's menu entry (the descriptor's rule) and read within the session's scope.
 */
export const relatoriosRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const { report, page, export: exportCall } of reportCalls) {
    // The file of the report's filters (the queue writes the same one: exportacoes/sources.ts).
    const exported = exportSource(`${report.api}/exportar`);
    route(app, exportCall, (request, reply) => sendExport(reply, exported, request.user, request.query));

    const { source } = report;
    if (source.of === 'requests') {
      const form = { flow: report.flow, kind: source.kind };
      route(app, page, async (request) => {
        const body = request.body as z.output<typeof requestReportBody>;
        const { rows, total } = await requestReportPage(app.db, request.user, form, body);
        return { error: 0 as const, dados: rows, total };
      });
      continue;
    }
    route(app, page, async (request) => {
      const body = request.body as z.output<typeof regularizationReportBody>;
      const { rows, total } = await regularizationReportPage(app.db, request.user, report.flow, body);
      return { error: 0 as const, dados: rows, total };
    });
  }
};
