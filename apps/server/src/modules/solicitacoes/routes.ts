import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ALL_FLOW_KINDS, formFieldLabel, requestForm, type Flow, type Kind } from '@portal/domain';
import { bulkMoveCall } from '@portal/domain/contracts/calls/bulk-moves';
import { requestAttachmentCall, requestCalls } from '@portal/domain/contracts/calls/requests';
import { DELETED, SAVED } from '../../http/replies.ts';
import { route } from '../../http/route.ts';
import { exportSource, sendExport } from '../exportacoes/sources.ts';
import { moveMany } from './bulk-move.ts';
import { deleteAttachment } from './delete-attachment.ts';
import { creatorWindowFor } from './authorship.ts';
import { deleteRequest } from './delete-request.ts';
import { findDuplicates } from './duplicates-repo.ts';
import { parseSaveBody } from '../../http/multipart-save-body.ts';
import { findAttachment } from './read-attachment.ts';
import { sendStoredFile } from '../../http/stored-file-reply.ts';
import { toApiRecord } from '../../requests-core/record.ts';
import {
  attachmentsOf,
  findRequest,
  listRequests,
  observationHistory,
  requesterOf,
  statusHistory,
} from '../../requests-core/repo.ts';
import { saveRequest } from './save-request.ts';
import { requestTimeline } from './timeline.ts';

/**
 * The calls of one request form (spec part 1 §7, part 2 §7) under its own prefix:
 * novas-unidades, unidades, agua/novas-unidades, agua/unidades. One engine serves all four;
 * what differs between them is the form's configuration in the domain package.
 */
function formRoutes(flow: Flow, kind: Kind): FastifyPluginAsyncZod {
  const calls = requestCalls(flow, kind);
  return async (app) => {
    // Who may call each one (the form's menu entry, writing, creating) is its descriptor's rule.
    route(app, calls.list, async (request) => {
      const { body, user } = request;
      if (body.id !== undefined) {
        const row = await findRequest(app.db, user, flow, kind, body.id);
        const [requester, files, creatorWindow] = await Promise.all([
          requesterOf(app.db, row),
          attachmentsOf(app.db, row.id),
          creatorWindowFor(app.db, user, flow, kind, row),
        ]);
        return {
          error: 0 as const,
          dados: toApiRecord(user, requestForm(flow, kind), row, requester, files, creatorWindow),
        };
      }
      const { rows, total, limited } = await listRequests(app.db, user, flow, kind, body);
      return { error: 0 as const, dados: rows, total, total_limitado: limited };
    });

    // 'Exportar' on the list (the queue writes the same file: exportacoes/sources.ts).
    const exported = exportSource(`${requestForm(flow, kind).apiBase}/list/exportar`);
    route(app, calls.exportList, (request, reply) =>
      sendExport(reply, exported, request.user, request.query),
    );

    for (const mode of ['add', 'edit'] as const) {
      route(app, calls[mode], async (request) => {
        const form = requestForm(flow, kind);
        const body = await parseSaveBody(request, {
          storage: app.storage,
          fieldLabel: (field) => formFieldLabel(form, field),
        });
        const dados = await saveRequest(
          { db: app.db, storage: app.storage },
          { flow, kind, mode, user: request.user, ip: request.ip, body },
        );
        return { error: 0 as const, msg: SAVED, dados };
      });
    }

    // Issue 34: one move on many rows, each through the save above (bulk-move.ts).
    route(app, bulkMoveCall(flow, kind), async (request) =>
      moveMany(
        { db: app.db, storage: app.storage },
        { flow, kind, user: request.user, ip: request.ip, body: request.body },
      ),
    );

    route(app, calls.validateUnit, async (request) => {
      const dados = await findDuplicates(
        app.db,
        request.user,
        flow,
        kind,
        { unidade: request.body.unidade },
        request.body.id,
      );
      return { error: 0 as const, total: dados.length, dados };
    });

    route(app, calls.validateAddress, async (request) => {
      const dados = await findDuplicates(
        app.db,
        request.user,
        flow,
        kind,
        { endereco_id: request.body.endereco_id },
        request.body.id,
      );
      return { error: 0 as const, total: dados.length, dados };
    });

    route(app, calls.observations, async (request) => {
      const row = await findRequest(app.db, request.user, flow, kind, request.body.id_unidade);
      return { error: 0 as const, dados: await observationHistory(app.db, row.id) };
    });

    route(app, calls.statuses, async (request) => {
      const row = await findRequest(app.db, request.user, flow, kind, request.body.id_unidade);
      return { error: 0 as const, dados: await statusHistory(app.db, row.id) };
    });

    // Issue 15: both histories, field changes and attachments in one list (timeline.ts).
    route(app, calls.timeline, async (request) => {
      const { user, body } = request;
      const { dados, anexos } = await requestTimeline(app.db, user, flow, kind, body.id_unidade);
      return { error: 0 as const, dados, anexos };
    });

    route(app, calls.deleteFile, async (request) => {
      const dados = await deleteAttachment(
        { db: app.db, storage: app.storage },
        { flow, kind, user: request.user, id: request.body.id, tipo: request.body.tipo, ip: request.ip },
      );
      return { error: 0 as const, msg: DELETED, dados };
    });
  };
}

/** The delete call of a form, outside the form's prefix but behind the same rules. */
function deleteRoute(flow: Flow, kind: Kind): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, requestCalls(flow, kind).delete, async (request) => {
      await deleteRequest(
        { db: app.db, storage: app.storage },
        { flow, kind, user: request.user, id: request.body.id, ip: request.ip },
      );
      return { error: 0 as const, msg: DELETED };
    });
  };
}

export const solicitacoesRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const { flow, kind } of ALL_FLOW_KINDS) {
    await app.register(formRoutes(flow, kind), { prefix: `/${requestForm(flow, kind).apiBase}` });
    // Every form's delete call (deletion.ts: the spec's two and the new-unit forms', issue 15).
    await app.register(deleteRoute(flow, kind));
  }

  route(app, requestAttachmentCall, async (request, reply) =>
    sendStoredFile(reply, app.storage, await findAttachment(app.db, request.user, request.params.id)),
  );
};
