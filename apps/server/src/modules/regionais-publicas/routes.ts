import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicRegionalsCall } from '@portal/domain/contracts/calls/catalogues';
import { route } from '../../http/route.ts';
import { publicRegionals } from './repo.ts';

/**
 * The regionals the request forms offer (spec part 1 §2 'regional'), for every signed-in user:
 * rows added on /regional reach the forms. Id, name and the UFs it serves (the forms offer only the
 * regionals serving the chosen UF): the managers' contacts stay on the administration screen.
 */
export const regionaisPublicasRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, publicRegionalsCall, async () => {
    return { error: 0 as const, dados: await publicRegionals(app.db) };
  });
};
