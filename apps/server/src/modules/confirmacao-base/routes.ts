import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  baseConfirmationListBody,
  baseConfirmationListReply,
  confirmBody,
  confirmReply,
} from '@portal/domain/contracts/base-confirmation';
import { contextOf } from '../../http/context.ts';
import { menuGuard, writeGuard } from '../../http/menu-guard.ts';
import { confirmRequests } from './confirm-requests.ts';
import { listApproved } from './repo.ts';

/**
 * /confirmacao-base (issue 11 item 5): the provider operator sees the approved requests the base
 * now holds and confirms them; the ones it still lacks stay listed as exceptions with their age.
 */
export const confirmacaoBaseRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['Confirmação na Base'];
  const onRequest = menuGuard('confirmacao-base');

  app.post(
    '/confirmacao-base/list',
    {
      onRequest,
      schema: { tags, body: baseConfirmationListBody, response: { 200: baseConfirmationListReply } },
    },
    async (request) => ({ error: 0 as const, ...(await listApproved(app.db, request.user, request.body)) }),
  );

  app.post(
    '/confirmacao-base/confirmar',
    {
      onRequest: [onRequest, writeGuard],
      schema: { tags, body: confirmBody, response: { 200: confirmReply } },
    },
    async (request) => confirmRequests(contextOf(request), request.body),
  );
};
