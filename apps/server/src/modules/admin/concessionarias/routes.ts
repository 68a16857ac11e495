import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { concessionaireAdminCalls as calls } from '@portal/domain/contracts/calls/admin/concessionaires';
import { ADMIN_SHEETS } from '@portal/domain/reports';
import { contextOf } from '../../../http/context.ts';
import { SAVED } from '../../../http/replies.ts';
import { route } from '../../../http/route.ts';
import { sendListSheet } from '../../../http/sheet-export.ts';
import { deleteConcessionaria } from './delete-concessionaria.ts';
import { listConcessionarias } from './list-concessionarias.ts';
import { saveConcessionaria } from './save-concessionaria.ts';

/**
 * Concessionaires administration (energy and water, `fluxo`). The forms' selectors keep using
 * GET /concessionarias and GET /agua/concessionarias, which list only the active ones.
 */
export const concessionariasAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, calls.list, async (request) => ({
    error: 0 as const,
    ...(await listConcessionarias(app.db, request.body)),
  }));

  route(app, calls.exportList, async (request, reply) =>
    sendListSheet(
      reply,
      ADMIN_SHEETS['concessionarias'],
      { format: request.query.formato, publicUrl: app.config.publicUrl },
      (paging) => listConcessionarias(app.db, { ...request.query, ...paging }),
    ),
  );

  route(app, calls.add, async (request) => ({
    error: 0 as const,
    msg: SAVED,
    dados: await saveConcessionaria(contextOf(request), request.body, 'add'),
  }));

  route(app, calls.edit, async (request) => ({
    error: 0 as const,
    msg: SAVED,
    dados: await saveConcessionaria(contextOf(request), request.body, 'edit'),
  }));

  route(app, calls.delete, async (request) => ({
    error: 0 as const,
    ...(await deleteConcessionaria(contextOf(request), request.body.id)),
  }));
};
