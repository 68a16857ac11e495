import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deParaFilter, deParaSaveBody, recordId } from '@portal/domain';
import { deParaOptionsReply, deParaRow } from '@portal/domain/contracts/de-para';
import {
  deletedReply,
  idBody,
  listBodyWith,
  listReply,
  savedReply,
} from '@portal/domain/contracts/envelopes';
import { contextOf } from '../../http/context.ts';
import { menuGuard, writeGuard } from '../../http/menu-guard.ts';
import { SAVED } from '../../http/replies.ts';
import { deParaOptions } from './de-para-options.ts';
import { deleteDePara } from './delete-de-para.ts';
import { listDePara } from './list-de-para.ts';
import { saveDePara } from './save-de-para.ts';

/**
 * /de-para (issue 11): the provider's values and the portal's they stand for, read by the next
 * import of the provider's base. Every call behind the screen's menu rule, before the body is read;
 * writes also refuse the read-only profile.
 */
export const deParaRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = menuGuard('de-para');
  const writes = [onRequest, writeGuard];
  const tags = ['De-Para'];

  app.post(
    '/de-para/list',
    {
      onRequest,
      schema: { tags, body: listBodyWith(deParaFilter), response: { 200: listReply(deParaRow) } },
    },
    async (request) => ({ error: 0 as const, ...(await listDePara(app.db, request.body)) }),
  );

  app.get(
    '/de-para/opcoes',
    { onRequest, schema: { tags, response: { 200: deParaOptionsReply } } },
    async () => ({
      error: 0 as const,
      dados: await deParaOptions(app.db),
    }),
  );

  app.post(
    '/de-para/add',
    { onRequest: writes, schema: { tags, body: deParaSaveBody, response: { 200: savedReply(deParaRow) } } },
    async (request) => ({
      error: 0 as const,
      msg: SAVED,
      dados: await saveDePara(contextOf(request), request.body, 'add'),
    }),
  );

  app.post(
    '/de-para/edit',
    {
      onRequest: writes,
      schema: {
        tags,
        body: deParaSaveBody.safeExtend({ id: recordId }),
        response: { 200: savedReply(deParaRow) },
      },
    },
    async (request) => ({
      error: 0 as const,
      msg: SAVED,
      dados: await saveDePara(contextOf(request), request.body, 'edit'),
    }),
  );

  app.post(
    '/de-para/delete',
    { onRequest: writes, schema: { tags, body: idBody, response: { 200: deletedReply } } },
    async (request) => ({ error: 0 as const, ...(await deleteDePara(contextOf(request), request.body.id)) }),
  );
};
