import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { citiesCall, postalCodeCall } from '@portal/domain/contracts/calls/catalogues';
import { route } from '../../http/route.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { citiesOf } from './cities.ts';
import { createPostalCodeLookup } from './postal-code-lookup.ts';

/** City lists and postal-code lookups for the forms, served by our server (GUIDE §5). */
export const localidadesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Before the path is validated: anonymous callers learn nothing from it.
  const lookup = createPostalCodeLookup({
    baseUrl: app.config.cepBaseUrl,
    timeoutMs: app.config.cepTimeoutMs,
  });

  route(app, citiesCall, async (request) => {
    const dados = citiesOf(request.params.uf);
    if (!dados.length) throw notFound('UF inválida.');
    return { error: 0 as const, dados };
  });

  route(app, postalCodeCall, async (request) => {
    const result = await lookup(request.params.cep);
    if (result.found) return { error: 0 as const, dados: result.address };
    if (result.reason === 'not-found') throw notFound('CEP não encontrado. Preencha o endereço manualmente.');
    throw new AppError(503, 'Consulta de CEP indisponível no momento. Preencha o endereço manualmente.');
  });
};
