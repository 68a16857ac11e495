import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordId, concessionariaSaveBody, flowFilter } from '@portal/domain';
import { contextOf } from '../../../http/context.ts';
import { menuGuard } from '../../../http/menu-guard.ts';
import { sendListSheet } from '../../../http/sheet-export.ts';
import { listExportQuery } from '@portal/domain/contracts/reports';
import { ADMIN_SHEETS } from '@portal/domain/reports';
import {
  deletedReply,
  idBody,
  listBodyWith,
  listReply,
  savedReply,
} from '@portal/domain/contracts/envelopes';
import { concessionaireRow } from '@portal/domain/contracts/admin';
import { SAVED } from '../../../http/replies.ts';
import { deleteConcessionaria } from './delete-concessionaria.ts';
import { listConcessionarias } from './list-concessionarias.ts';
import { saveConcessionaria } from './save-concessionaria.ts';

/**
 * Concessionaires administration (energy and water, `fluxo`). The forms' selectors keep using
 * GET /concessionarias and GET /agua/concessionarias, which list only the active ones.
 */
export const concessionariasAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = menuGuard('empresas');
  const tags = ['Concessionárias'];

  app.post(
    '/concessionarias/list',
    {
      onRequest,
      schema: { tags, body: listBodyWith(flowFilter), response: { 200: listReply(concessionaireRow) } },
    },
    async (request) => ({ error: 0 as const, ...(await listConcessionarias(app.db, request.body)) }),
  );

  app.get(
    '/concessionarias/list/exportar',
    { onRequest, schema: { tags, querystring: listExportQuery.extend(flowFilter) } },
    async (request, reply) =>
      sendListSheet(
        reply,
        ADMIN_SHEETS['concessionarias'],
        { format: request.query.formato, publicUrl: app.config.publicUrl },
        (paging) => listConcessionarias(app.db, { ...request.query, ...paging }),
      ),
  );

  app.post(
    '/concessionarias/add',
    {
      onRequest,
      schema: { tags, body: concessionariaSaveBody, response: { 200: savedReply(concessionaireRow) } },
    },
    async (request) => ({
      error: 0 as const,
      msg: SAVED,
      dados: await saveConcessionaria(contextOf(request), request.body, 'add'),
    }),
  );

  app.post(
    '/concessionarias/edit',
    {
      onRequest,
      schema: {
        tags,
        body: concessionariaSaveBody.extend({ id: recordId }),
        response: { 200: savedReply(concessionaireRow) },
      },
    },
    async (request) => ({
      error: 0 as const,
      msg: SAVED,
      dados: await saveConcessionaria(contextOf(request), request.body, 'edit'),
    }),
  );

  app.post(
    '/concessionarias/delete',
    { onRequest, schema: { tags, body: idBody, response: { 200: deletedReply } } },
    async (request) => ({
      error: 0 as const,
      ...(await deleteConcessionaria(contextOf(request), request.body.id)),
    }),
  );
};
