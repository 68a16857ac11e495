import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { groupSaveBody } from '@portal/domain';
import { contextOf } from '../../../http/context.ts';
import { menuGuard } from '../../../http/menu-guard.ts';
import { sendListSheet } from '../../../http/sheet-export.ts';
import { listExportQuery } from '@portal/domain/contracts/reports';
import { ADMIN_SHEETS } from '@portal/domain/reports';
import { deletedReply, idBody, listBody, listReply, savedReply } from '@portal/domain/contracts/envelopes';
import { groupRow } from '@portal/domain/contracts/admin';
import { SAVED } from '../../../http/replies.ts';
import { deleteGroup } from './delete-group.ts';
import { listGroups } from './list-groups.ts';
import { saveGroup } from './save-group.ts';

/** Access groups (/grupo): role kind and the permission flags behind menu and server checks. */
export const gruposRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = menuGuard('grupo');
  const tags = ['Grupos de Acesso'];

  app.post(
    '/grupos/list',
    { onRequest, schema: { tags, body: listBody, response: { 200: listReply(groupRow) } } },
    async (request) => ({
      error: 0 as const,
      ...(await listGroups(app.db, request.body)),
    }),
  );

  app.get(
    '/grupos/list/exportar',
    { onRequest, schema: { tags, querystring: listExportQuery } },
    async (request, reply) =>
      sendListSheet(
        reply,
        ADMIN_SHEETS['grupos'],
        { format: request.query.formato, publicUrl: app.config.publicUrl },
        (paging) => listGroups(app.db, { ...request.query, ...paging }),
      ),
  );

  for (const mode of ['add', 'edit'] as const) {
    app.post(
      `/grupos/${mode}`,
      { onRequest, schema: { tags, body: groupSaveBody, response: { 200: savedReply(groupRow) } } },
      async (request) => ({
        error: 0 as const,
        msg: SAVED,
        dados: await saveGroup(contextOf(request), request.body, mode),
      }),
    );
  }

  app.post(
    '/grupos/delete',
    { onRequest, schema: { tags, body: idBody, response: { 200: deletedReply } } },
    async (request) => ({
      error: 0 as const,
      ...(await deleteGroup(contextOf(request), request.body.id)),
    }),
  );
};
