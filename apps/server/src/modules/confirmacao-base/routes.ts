import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { baseConfirmationListCall, confirmCall } from '@portal/domain/contracts/calls/base-confirmation';
import { contextOf } from '../../http/context.ts';
import { route } from '../../http/route.ts';
import { confirmRequests } from './confirm-requests.ts';
import { listApproved } from './repo.ts';

/**
 * /confirmacao-base (issue 11 item 5): the provider operator sees the approved requests the base
 * now holds and confirms them; the ones it still lacks stay listed as exceptions with their age.
 */
export const confirmacaoBaseRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, baseConfirmationListCall, async (request) => ({
    error: 0 as const,
    ...(await listApproved(app.db, request.user, request.body)),
  }));

  route(app, confirmCall, async (request) => confirmRequests(contextOf(request), request.body));
};
