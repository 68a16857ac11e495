import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicRegionalsCall } from '@portal/domain/contracts/calls/catalogues';
import { regionais } from '../../db/schema.ts';
import { route } from '../../http/route.ts';

/**
 * The regionals the request forms offer (spec part 1 §2 'regional'), for every signed-in user:
 * rows added on /regional reach the forms. Id, name and the UFs it serves (the forms offer only the
 * regionals serving the chosen UF): the managers' contacts stay on the administration screen.
 */
export const regionaisPublicasRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, publicRegionalsCall, async () => {
    const dados = await app.db
      .select({ id: regionais.id, regional: regionais.regional, ufs: regionais.ufs })
      .from(regionais)
      .orderBy(asc(regionais.id));
    return { error: 0 as const, dados };
  });
};
