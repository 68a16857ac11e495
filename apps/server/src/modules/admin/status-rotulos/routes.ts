import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asc } from 'drizzle-orm';
import { FLOWS_LIST, STATUS_LABEL_KINDS, statusLabelEditBody, statusLabelFilter } from '@portal/domain';
import { statusRotulos } from '../../../db/schema.ts';
import { contextOf } from '../../../http/context.ts';
import { adminGuard } from '../shared/guard.ts';
import { listBodyWith, listReply, SAVED, savedReply } from '../../../http/replies.ts';
import { editStatusLabel } from './edit-status-label.ts';
import { listStatusLabels } from './list-status-labels.ts';

const statusLabel = z.object({
  id: z.number(),
  fluxo: z.enum(FLOWS_LIST),
  tipo: z.enum(STATUS_LABEL_KINDS),
  codigo: z.number(),
  rotulo: z.string(),
  version: z.number(),
});

/** Status labels per flow (/status/nova-unidade, /status/regularizacao): list and rename only. */
export const statusRotulosRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = adminGuard('status');
  const tags = ['Status'];

  // Every signed-in user reads the labels: lists, badges and selectors show the edited names.
  const publicLabel = z.object({
    fluxo: z.string(),
    tipo: z.string(),
    codigo: z.number(),
    rotulo: z.string(),
  });
  app.get(
    '/status-rotulos',
    { schema: { tags, response: { 200: z.object({ error: z.literal(0), dados: z.array(publicLabel) }) } } },
    async () => ({
      error: 0 as const,
      dados: await app.db
        .select({
          fluxo: statusRotulos.fluxo,
          tipo: statusRotulos.tipo,
          codigo: statusRotulos.codigo,
          rotulo: statusRotulos.rotulo,
        })
        .from(statusRotulos)
        .orderBy(asc(statusRotulos.codigo)),
    }),
  );

  app.post(
    '/status-rotulos/list',
    {
      onRequest,
      schema: { tags, body: listBodyWith(statusLabelFilter), response: { 200: listReply(statusLabel) } },
    },
    async (request) => ({ error: 0 as const, ...(await listStatusLabels(app.db, request.body)) }),
  );

  app.post(
    '/status-rotulos/edit',
    { onRequest, schema: { tags, body: statusLabelEditBody, response: { 200: savedReply(statusLabel) } } },
    async (request) => ({
      error: 0 as const,
      msg: SAVED,
      dados: await editStatusLabel(contextOf(request), request.body),
    }),
  );
};
