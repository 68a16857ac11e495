import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HOME_TOTAL_KEYS } from '@portal/domain';
import { dashboardOverviewSchema } from '@portal/domain/contracts/dashboard';
import { countDashboardTotals } from './count-dashboard-totals.ts';
import { dashboardOverview } from './dashboard-overview.ts';

const totals = z.object(Object.fromEntries(HOME_TOTAL_KEYS.map((k) => [k, z.number()])));

export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/home',
    {
      schema: { tags: ['Dashboard'], response: { 200: z.object({ error: z.literal(0), dados: totals }) } },
    },
    async (request) => ({ error: 0 as const, dados: await countDashboardTotals(app.db, request.user) }),
  );

  // The dashboard's overview (issue 15) beside the spec's totals, which keep answering as documented.
  // It takes no parameters: scope, forms and queue all come from the session.
  app.get(
    '/home/painel',
    {
      schema: {
        tags: ['Dashboard'],
        response: { 200: z.object({ error: z.literal(0), dados: dashboardOverviewSchema }) },
      },
    },
    async (request) => ({ error: 0 as const, dados: await dashboardOverview(app.db, request.user) }),
  );
};
