import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { statusLabelCalls as calls } from '@portal/domain/contracts/calls/admin/status-labels';
import { statusLabelEntriesCall } from '@portal/domain/contracts/calls/catalogues';
import { ADMIN_SHEETS } from '@portal/domain/reports';
import { contextOf } from '../../../http/context.ts';
import { SAVED } from '../../../http/replies.ts';
import { route } from '../../../http/route.ts';
import { sendListSheet } from '../../../http/sheet-export.ts';
import { editStatusLabel } from './edit-status-label.ts';
import { listStatusLabels } from './list-status-labels.ts';
import { allStatusLabels } from './repo.ts';

/** Status labels per flow (/status/nova-unidade, /status/regularizacao): list and rename only. */
export const statusRotulosRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every signed-in user reads the labels: lists, badges and selectors show the edited names.
  route(app, statusLabelEntriesCall, async () => ({
    error: 0 as const,
    dados: await allStatusLabels(app.db),
  }));

  route(app, calls.list, async (request) => ({
    error: 0 as const,
    ...(await listStatusLabels(app.db, request.body)),
  }));

  route(app, calls.exportList, async (request, reply) =>
    sendListSheet(
      reply,
      ADMIN_SHEETS['status-rotulos'],
      { format: request.query.formato, publicUrl: app.config.publicUrl },
      (paging) => listStatusLabels(app.db, { ...request.query, ...paging }),
    ),
  );

  route(app, calls.edit, async (request) => ({
    error: 0 as const,
    msg: SAVED,
    dados: await editStatusLabel(contextOf(request), request.body),
  }));
};
