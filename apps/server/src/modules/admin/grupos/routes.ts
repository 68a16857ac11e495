import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { groupCalls as calls } from '@portal/domain/contracts/calls/admin/groups';
import { ADMIN_SHEETS } from '@portal/domain/reports';
import { contextOf } from '../../../http/context.ts';
import { SAVED } from '../../../http/replies.ts';
import { route } from '../../../http/route.ts';
import { sendListSheet } from '../../../http/sheet-export.ts';
import { deleteGroup } from './delete-group.ts';
import { listGroups } from './list-groups.ts';
import { saveGroup } from './save-group.ts';

/** Access groups (/grupo): role kind and the permission flags behind menu and server checks. */
export const gruposRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, calls.list, async (request) => ({
    error: 0 as const,
    ...(await listGroups(app.db, request.body)),
  }));

  route(app, calls.exportList, async (request, reply) =>
    sendListSheet(
      reply,
      ADMIN_SHEETS['grupos'],
      { format: request.query.formato, publicUrl: app.config.publicUrl },
      (paging) => listGroups(app.db, { ...request.query, ...paging }),
    ),
  );

  for (const mode of ['add', 'edit'] as const) {
    route(app, calls[mode], async (request) => ({
      error: 0 as const,
      msg: SAVED,
      dados: await saveGroup(contextOf(request), request.body, mode),
    }));
  }

  route(app, calls.delete, async (request) => ({
    error: 0 as const,
    ...(await deleteGroup(contextOf(request), request.body.id)),
  }));
};
