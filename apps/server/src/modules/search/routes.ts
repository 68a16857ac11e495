import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchCall } from '@portal/domain/contracts/calls/search';
import { route } from '../../http/route.ts';
import { searchEverything } from './search-everything.ts';

/** GET /api/busca (issue 34): the top bar's search; HTTP only. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, searchCall, async (request) => ({
    error: 0 as const,
    dados: await searchEverything(app.db, request.user, request.query.q),
  }));
};
