import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  refusalReasonCalls as calls,
  refusalReasonOptionsCall,
} from '@portal/domain/contracts/calls/admin/refusal-reasons';
import { contextOf } from '../../../http/context.ts';
import { notFound } from '../../../http/errors.ts';
import { SAVED } from '../../../http/replies.ts';
import { route } from '../../../http/route.ts';
import { activeReasonsOf, findReason, listReasons, toReasonDto } from './repo.ts';
import { saveReason } from './save-reason.ts';

/** Reasons of refusal per move (issue 34 step 3): administrators keep them, the dialogs read them. */
export const motivosRecusaRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, refusalReasonOptionsCall, async (request) => ({
    error: 0 as const,
    dados: await activeReasonsOf(app.db, request.query.movimento),
  }));

  route(app, calls.list, async (request) => {
    const query = request.body;
    if (query.id !== undefined) {
      const row = await findReason(app.db, query.id);
      if (!row) throw notFound('Motivo não encontrado.');
      return { error: 0 as const, dados: toReasonDto(row) };
    }
    const { total, rows } = await listReasons(app.db, query);
    return { error: 0 as const, total, dados: rows.map(toReasonDto) };
  });

  route(app, calls.add, async (request) => ({
    error: 0 as const,
    msg: SAVED,
    dados: await saveReason(contextOf(request), { mode: 'add', ...request.body }),
  }));

  route(app, calls.edit, async (request) => ({
    error: 0 as const,
    msg: SAVED,
    dados: await saveReason(contextOf(request), { mode: 'edit', ...request.body }),
  }));
};
