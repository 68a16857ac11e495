import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc } from 'drizzle-orm';
import { statusLabelEditBody, statusLabelFilter } from '@portal/domain';
import { statusRotulos } from '../../../db/schema.ts';
import { contextOf } from '../../../http/context.ts';
import { menuGuard } from '../../../http/menu-guard.ts';
import { sendListSheet } from '../../../http/sheet-export.ts';
import { listExportQuery } from '@portal/domain/contracts/reports';
import { ADMIN_SHEETS } from '@portal/domain/reports';
import { listBodyWith, listReply, savedReply } from '@portal/domain/contracts/envelopes';
import { statusLabelEntriesReply, statusLabelRow } from '@portal/domain/contracts/admin';
import { SAVED } from '../../../http/replies.ts';
import { editStatusLabel } from './edit-status-label.ts';
import { listStatusLabels } from './list-status-labels.ts';

/** Status labels per flow (/status/nova-unidade, /status/regularizacao): list and rename only. */
export const statusRotulosRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = menuGuard('status');
  const tags = ['Status'];

  // Every signed-in user reads the labels: lists, badges and selectors show the edited names.
  app.get('/status-rotulos', { schema: { tags, response: { 200: statusLabelEntriesReply } } }, async () => ({
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
  }));

  app.post(
    '/status-rotulos/list',
    {
      onRequest,
      schema: { tags, body: listBodyWith(statusLabelFilter), response: { 200: listReply(statusLabelRow) } },
    },
    async (request) => ({ error: 0 as const, ...(await listStatusLabels(app.db, request.body)) }),
  );

  app.get(
    '/status-rotulos/list/exportar',
    { onRequest, schema: { tags, querystring: listExportQuery.extend(statusLabelFilter) } },
    async (request, reply) =>
      sendListSheet(
        reply,
        ADMIN_SHEETS['status-rotulos'],
        { format: request.query.formato, publicUrl: app.config.publicUrl },
        (paging) => listStatusLabels(app.db, { ...request.query, ...paging }),
      ),
  );

  app.post(
    '/status-rotulos/edit',
    { onRequest, schema: { tags, body: statusLabelEditBody, response: { 200: savedReply(statusLabelRow) } } },
    async (request) => ({
      error: 0 as const,
      msg: SAVED,
      dados: await editStatusLabel(contextOf(request), request.body),
    }),
  );
};
