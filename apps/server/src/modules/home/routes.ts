import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HOME_TOTAL_KEYS } from '@portal/domain';
import { countDashboardTotals } from './count-dashboard-totals.ts';

const totals = z.object(Object.fromEntries(HOME_TOTAL_KEYS.map((k) => [k, z.number()])));

export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/home',
    {
      schema: { tags: ['Dashboard'], response: { 200: z.object({ error: z.literal(0), dados: totals }) } },
    },
    async (request) => ({ error: 0 as const, dados: await countDashboardTotals(app.db, request.user) }),
  );
};
