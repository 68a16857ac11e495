import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ALL_FLOW_KINDS, requestForm, SAVED_VIEW_NOT_FOUND } from '@portal/domain';
import { savedViewCalls } from '@portal/domain/contracts/calls/saved-views';
import { notFound } from '../../http/errors.ts';
import { DELETED, SAVED } from '../../http/replies.ts';
import { route } from '../../http/route.ts';
import { deleteView, listViews, toSavedViewDto, type ViewOwner } from './repo.ts';
import { saveView } from './save-view.ts';

/**
 * The saved views of the four request lists (issue 34 step 5), each under its form's prefix and
 * behind that list's rule. Every call reads and writes the session user's views only.
 */
export const visoesRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const { flow, kind } of ALL_FLOW_KINDS) {
    const calls = savedViewCalls(flow, kind);
    const lista = requestForm(flow, kind).apiBase;
    const ownerOf = (request: { user: { id: number } }): ViewOwner => ({ idUsuario: request.user.id, lista });

    route(app, calls.list, async (request) => ({
      error: 0 as const,
      dados: (await listViews(app.db, ownerOf(request))).map(toSavedViewDto),
    }));

    route(app, calls.add, async (request) => ({
      error: 0 as const,
      msg: SAVED,
      dados: await saveView(app.db, ownerOf(request), request.body),
    }));

    route(app, calls.edit, async (request) => ({
      error: 0 as const,
      msg: SAVED,
      dados: await saveView(app.db, ownerOf(request), request.body),
    }));

    route(app, calls.delete, async (request) => {
      if (!(await deleteView(app.db, ownerOf(request), request.body.id)))
        throw notFound(SAVED_VIEW_NOT_FOUND);
      return { error: 0 as const, msg: DELETED, desativado: false };
    });
  }
};
