import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { regionalCalls as calls } from '@portal/domain/contracts/calls/admin/regionals';
import { ADMIN_SHEETS } from '@portal/domain/reports';
import { contextOf } from '../../../http/context.ts';
import { SAVED } from '../../../http/replies.ts';
import { route } from '../../../http/route.ts';
import { sendListSheet } from '../../../http/sheet-export.ts';
import { deleteRegional } from './delete-regional.ts';
import { listRegionals } from './list-regionals.ts';
import { saveRegional } from './save-regional.ts';

/** Regional offices (spec part 2 §2.6, §7 regional/*), behind the menu rule of /regional. */
export const regionaisRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, calls.list, async (request) => ({
    error: 0 as const,
    ...(await listRegionals(app.db, request.body)),
  }));

  route(app, calls.exportList, async (request, reply) =>
    sendListSheet(
      reply,
      ADMIN_SHEETS['regionais'],
      { format: request.query.formato, publicUrl: app.config.publicUrl },
      (paging) => listRegionals(app.db, { ...request.query, ...paging }),
    ),
  );

  route(app, calls.add, async (request) => ({
    error: 0 as const,
    msg: SAVED,
    dados: await saveRegional(contextOf(request), request.body, 'add'),
  }));

  route(app, calls.edit, async (request) => ({
    error: 0 as const,
    msg: SAVED,
    dados: await saveRegional(contextOf(request), request.body, 'edit'),
  }));

  route(app, calls.delete, async (request) => ({
    error: 0 as const,
    ...(await deleteRegional(contextOf(request), request.body.id)),
  }));
};
