import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FLOWS_LIST } from '@portal/domain';
import { contextOf } from '../shared/context.ts';
import { adminGuard } from '../shared/guard.ts';
import { listBodyWith, listReply, SAVED, savedReply } from '../shared/replies.ts';
import { STATUS_LABEL_KINDS, statusLabelEditBody, statusLabelFilter } from '../schemas.ts';
import { editStatusLabel } from './edit-status-label.ts';
import { listStatusLabels } from './list-status-labels.ts';

const statusLabel = z.object({
  id: z.number(),
  fluxo: z.enum(FLOWS_LIST),
  tipo: z.enum(STATUS_LABEL_KINDS),
  codigo: z.number(),
  rotulo: z.string(),
});

/** Status labels per flow (/status/nova-unidade, /status/regularizacao): list and rename only. */
export const statusRotulosRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = adminGuard('status');
  const tags = ['Status'];

  app.post(
    '/status-rotulos/list',
    { onRequest, schema: { tags, body: listBodyWith(statusLabelFilter), response: { 200: listReply(statusLabel) } } },
    async (request) => ({ error: 0 as const, ...(await listStatusLabels(app.db, request.body)) }),
  );

  app.post(
    '/status-rotulos/edit',
    { onRequest, schema: { tags, body: statusLabelEditBody, response: { 200: savedReply(statusLabel) } } },
    async (request) => ({
      error: 0 as const,
      msg: SAVED,
      dados: await editStatusLabel(contextOf(request), request.body.id, request.body.rotulo),
    }),
  );
};
