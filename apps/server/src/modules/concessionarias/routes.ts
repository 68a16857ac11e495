import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { concessionarias } from '../../db/schema.ts';

const reply = z.object({
  error: z.literal(0),
  dados: z.array(z.object({ id: z.number(), nome: z.string(), sigla: z.string(), ufs: z.array(z.string()) })),
});

/** Active concessionaires of a flow, for the forms' selectors (spec part 1 §7, part 2 §7). */
export const concessionariasRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const [path, fluxo] of [
    ['/concessionarias', 'energia'],
    ['/agua/concessionarias', 'agua'],
  ] as const) {
    app.get(path, { schema: { tags: ['Cadastros'], response: { 200: reply } } }, async () => {
      const dados = await app.db
        .select({ id: concessionarias.id, nome: concessionarias.nome, sigla: concessionarias.sigla, ufs: concessionarias.ufs })
        .from(concessionarias)
        .where(and(eq(concessionarias.fluxo, fluxo), eq(concessionarias.ativo, true)))
        .orderBy(asc(concessionarias.nome));
      return { error: 0 as const, dados };
    });
  }
};
