import { z } from 'zod';
import { HOME_TOTAL_KEYS, type HomeTotalKey } from '../../dashboard/totals.ts';
import { defineCall, SIGNED_IN } from '../call.ts';
import { dashboardOverviewSchema } from '../dashboard.ts';

const tags = ['Dashboard'];

export const homeTotals = z.object(
  Object.fromEntries(HOME_TOTAL_KEYS.map((k) => [k, z.number()])) as Record<HomeTotalKey, z.ZodNumber>,
);
export const homeAnswer = z.object({ error: z.literal(0), dados: homeTotals });
export const dashboardAnswer = z.object({ error: z.literal(0), dados: dashboardOverviewSchema });

/** The spec's totals (part 1 §7), for every signed-in user within their scope. */
export const homeCall = defineCall({
  method: 'GET',
  path: '/api/home',
  tags,
  access: SIGNED_IN,
  answer: homeAnswer,
});

/** The dashboard's overview (issue 15): scope, forms and queue all come from the session. */
export const dashboardCall = defineCall({
  method: 'GET',
  path: '/api/home/painel',
  tags,
  access: SIGNED_IN,
  answer: dashboardAnswer,
});
