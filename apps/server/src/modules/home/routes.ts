import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardCall, homeCall } from '@portal/domain/contracts/calls/home';
import { route } from '../../http/route.ts';
import { countDashboardTotals } from './count-dashboard-totals.ts';
import { dashboardOverview } from './dashboard-overview.ts';

export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, homeCall, async (request) => ({
    error: 0 as const,
    dados: await countDashboardTotals(app.db, request.user),
  }));

  // The dashboard's overview (issue 15) beside the spec's totals, which keep answering as documented.
  route(app, dashboardCall, async (request) => ({
    error: 0 as const,
    dados: await dashboardOverview(app.db, request.user),
  }));
};
