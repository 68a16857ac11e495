import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordId, regionalSaveBody } from '@portal/domain';
import { contextOf } from '../../../http/context.ts';
import { adminGuard } from '../shared/guard.ts';
import { deletedReply, idBody, listBody, listReply, SAVED, savedReply } from '../../../http/replies.ts';
import { deleteRegional } from './delete-regional.ts';
import { listRegionals } from './list-regionals.ts';
import { saveRegional } from './save-regional.ts';

const text = z.string().nullable();
const regional = z.object({
  id: z.number(),
  regional: z.string(),
  gestor: text,
  email_gestor: text,
  focal1: text,
  nome_focal1: text,
  focal2: text,
  nome_focal2: text,
  focal3: text,
  nome_focal3: text,
  focal4: text,
  nome_focal4: text,
  cadastrado: z.string(),
  version: z.number(),
});

/** Regional offices (spec part 2 §2.6, §7 regional/*). */
export const regionaisRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = adminGuard('regional');
  const tags = ['Regionais'];

  app.post(
    '/regional/list',
    { onRequest, schema: { tags, body: listBody, response: { 200: listReply(regional) } } },
    async (request) => ({
      error: 0 as const,
      ...(await listRegionals(app.db, request.body)),
    }),
  );

  app.post(
    '/regional/add',
    { onRequest, schema: { tags, body: regionalSaveBody, response: { 200: savedReply(regional) } } },
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
        response: { 200: savedReply(regional) },
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
