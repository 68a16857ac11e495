import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FLOWS_LIST, recordId, concessionariaSaveBody, flowFilter } from '@portal/domain';
import { contextOf } from '../../../http/context.ts';
import { adminGuard } from '../shared/guard.ts';
import { deletedReply, idBody, listBodyWith, listReply, SAVED, savedReply } from '../../../http/replies.ts';
import { deleteConcessionaria } from './delete-concessionaria.ts';
import { listConcessionarias } from './list-concessionarias.ts';
import { saveConcessionaria } from './save-concessionaria.ts';

const concessionaria = z.object({
  id: z.number(),
  nome: z.string(),
  sigla: z.string(),
  fluxo: z.enum(FLOWS_LIST),
  ufs: z.array(z.string()),
  ativo: z.boolean(),
  version: z.number(),
});

/**
 * Concessionaires administration (energy and water, `fluxo`). The forms' selectors keep using
 * GET /concessionarias and GET /agua/concessionarias, which list only the active ones.
 */
export const concessionariasAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = adminGuard('empresas');
  const tags = ['Concessionárias'];

  app.post(
    '/concessionarias/list',
    {
      onRequest,
      schema: { tags, body: listBodyWith(flowFilter), response: { 200: listReply(concessionaria) } },
    },
    async (request) => ({ error: 0 as const, ...(await listConcessionarias(app.db, request.body)) }),
  );

  app.post(
    '/concessionarias/add',
    {
      onRequest,
      schema: { tags, body: concessionariaSaveBody, response: { 200: savedReply(concessionaria) } },
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
        response: { 200: savedReply(concessionaria) },
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
