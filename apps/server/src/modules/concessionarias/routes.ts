import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { concessionairesCalls } from '@portal/domain/contracts/calls/catalogues';
import { route } from '../../http/route.ts';
import { activeConcessionaires } from './repo.ts';

/** Active concessionaires of a flow, for the forms' selectors (spec part 1 §7, part 2 §7). */
export const concessionariasRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const fluxo of ['energia', 'agua'] as const) {
    route(app, concessionairesCalls[fluxo], async () => {
      return { error: 0 as const, dados: await activeConcessionaires(app.db, fluxo) };
    });
  }
};
