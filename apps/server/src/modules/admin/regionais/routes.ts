import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordId, regionalSaveBody } from '@portal/domain';
import { contextOf } from '../../../http/context.ts';
import { menuGuard } from '../../../http/menu-guard.ts';
import { sendListSheet } from '../../../http/sheet-export.ts';
import { listExportQuery } from '@portal/domain/contracts/reports';
import { ADMIN_SHEETS } from '@portal/domain/reports';
import { deletedReply, idBody, listBody, listReply, savedReply } from '@portal/domain/contracts/envelopes';
import { regionalRow } from '@portal/domain/contracts/admin';
import { SAVED } from '../../../http/replies.ts';
import { deleteRegional } from './delete-regional.ts';
import { listRegionals } from './list-regionals.ts';
import { saveRegional } from './save-regional.ts';

/** Regional offices (spec part 2 §2.6, §7 regional/*). */
export const regionaisRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = menuGuard('regional');
  const tags = ['Regionais'];

  app.post(
    '/regional/list',
    { onRequest, schema: { tags, body: listBody, response: { 200: listReply(regionalRow) } } },
    async (request) => ({
      error: 0 as const,
      ...(await listRegionals(app.db, request.body)),
    }),
  );

  app.get(
    '/regional/list/exportar',
    { onRequest, schema: { tags, querystring: listExportQuery } },
    async (request, reply) =>
      sendListSheet(
        reply,
        ADMIN_SHEETS['regionais'],
        { format: request.query.formato, publicUrl: app.config.publicUrl },
        (paging) => listRegionals(app.db, { ...request.query, ...paging }),
      ),
  );

  app.post(
    '/regional/add',
    { onRequest, schema: { tags, body: regionalSaveBody, response: { 200: savedReply(regionalRow) } } },
    async (request) => ({
      error: 0 as const,
      msg: SAVED,
      dados: await saveRegional(contextOf(request), request.body, 'add'),
    }),
  );

  app.post(
    '/regional/edit',
    {
      onRequest,
      schema: {
        tags,
        body: regionalSaveBody.extend({ id: recordId }),
        response: { 200: savedReply(regionalRow) },
      },
    },
    async (request) => ({
      error: 0 as const,
      msg: SAVED,
      dados: await saveRegional(contextOf(request), request.body, 'edit'),
    }),
  );

  app.post(
    '/regional/delete',
    { onRequest, schema: { tags, body: idBody, response: { 200: deletedReply } } },
    async (request) => ({
      error: 0 as const,
      ...(await deleteRegional(contextOf(request), request.body.id)),
    }),
  );
};
