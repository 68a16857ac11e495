import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { concessionairesCalls } from '@portal/domain/contracts/calls/catalogues';
import { concessionarias } from '../../db/schema.ts';
import { route } from '../../http/route.ts';

/** Active concessionaires of a flow, for the forms' selectors (spec part 1 §7, part 2 §7). */
export const concessionariasRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const fluxo of ['energia', 'agua'] as const) {
    route(app, concessionairesCalls[fluxo], async () => {
      const dados = await app.db
        .select({
          id: concessionarias.id,
          nome: concessionarias.nome,
          sigla: concessionarias.sigla,
          ufs: concessionarias.ufs,
        })
        .from(concessionarias)
        .where(and(eq(concessionarias.fluxo, fluxo), eq(concessionarias.ativo, true)))
        .orderBy(asc(concessionarias.nome));
      return { error: 0 as const, dados };
    });
  }
};
