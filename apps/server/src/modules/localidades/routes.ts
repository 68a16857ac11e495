import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../http/errors.ts';
import { citiesOf } from './cities.ts';
import { createPostalCodeLookup } from './postal-code-lookup.ts';

const UF = z.string().regex(/^[A-Za-z]{2}$/, 'UF inválida.');
const CEP = z.string().regex(/^\d{8}$/, 'CEP deve ter 8 dígitos.');

/** City lists and postal-code lookups for the forms, served by our server (GUIDE §5). */
export const localidadesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Before the path is validated: anonymous callers learn nothing from it.
  const lookup = createPostalCodeLookup({ baseUrl: app.config.cepBaseUrl, timeoutMs: app.config.cepTimeoutMs });

  app.get(
    '/cidades/:uf',
    {
      schema: {
        tags: ['Localidades'],
        params: z.object({ uf: UF }),
        response: { 200: z.object({ error: z.literal(0), dados: z.array(z.string()) }) },
      },
    },
    async (request) => {
      const dados = citiesOf(request.params.uf);
      if (!dados.length) throw notFound('UF inválida.');
      return { error: 0 as const, dados };
    },
  );

  app.get(
    '/cep/:cep',
    {
      schema: {
        tags: ['Localidades'],
        params: z.object({ cep: CEP }),
        response: {
          200: z.object({
            error: z.literal(0),
            dados: z.object({ logradouro: z.string(), bairro: z.string(), localidade: z.string(), uf: z.string() }),
          }),
        },
      },
    },
    async (request) => {
      const result = await lookup(request.params.cep);
      if (result.found) return { error: 0 as const, dados: result.address };
      if (result.reason === 'not-found') throw notFound('CEP não encontrado. Preencha o endereço manualmente.');
      throw new AppError(503, 'Consulta de CEP indisponível no momento. Preencha o endereço manualmente.');
    },
  );
};
