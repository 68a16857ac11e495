import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ALL_FLOW_KINDS,
  deleteCallOf,
  formFieldLabel,
  recordId,
  requestForm,
  type Flow,
  type Kind,
} from '@portal/domain';
import {
  attachmentDeletedReply,
  deleteRequestFileBody,
  duplicateCheckReply,
  historyBody,
  observationHistoryReply,
  requestDeleteBody,
  requestDeletedReply,
  requestListBody,
  requestListReply,
  requestSaveReply,
  statusHistoryReply,
  validateAddressBody,
  validateUnitBody,
} from '@portal/domain/contracts/requests';
import { timelineReply } from '@portal/domain/contracts/timeline';
import { DELETED, SAVED } from '../../http/replies.ts';
import { exportSource, sendExport } from '../exportacoes/sources.ts';
import { deleteAttachment } from './delete-attachment.ts';
import { creatorWindowFor } from './authorship.ts';
import { deleteRequest } from './delete-request.ts';
import { findDuplicates } from './find-duplicates.ts';
import { writeGuard } from '../../http/menu-guard.ts';
import { creationGuard, formGuard } from './guards.ts';
import { parseSaveBody } from '../../http/multipart-save-body.ts';
import { findAttachment } from './read-attachment.ts';
import { sendStoredFile } from '../../http/stored-file-reply.ts';
import { toApiRecord } from './record.ts';
import {
  attachmentsOf,
  findRequest,
  listRequests,
  observationHistory,
  requesterOf,
  statusHistory,
} from './repo.ts';
import { saveRequest } from './save-request.ts';
import { requestTimeline } from './timeline.ts';

/**
 * The calls of one request form (spec part 1 §7, part 2 §7) under its own prefix:
 * novas-unidades, unidades, agua/novas-unidades, agua/unidades. One engine serves all four;
 * what differs between them is the form's configuration in the domain package.
 */
function formRoutes(flow: Flow, kind: Kind): FastifyPluginAsyncZod {
  const tags = [requestForm(flow, kind).title];
  return async (app) => {
    // Before any body is read: who may use this form at all (its menu entry).
    app.addHook('onRequest', formGuard(flow, kind));

    app.post(
      '/list',
      { schema: { tags, body: requestListBody, response: { 200: requestListReply } } },
      async (request) => {
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
      },
    );

    // 'Exportar' on the list (the queue writes the same file: exportacoes/sources.ts).
    const exported = exportSource(`${requestForm(flow, kind).apiBase}/list/exportar`);
    app.get('/list/exportar', { schema: { tags, querystring: exported.query } }, (request, reply) =>
      sendExport(reply, exported, request.user, request.query),
    );

    for (const mode of ['add', 'edit'] as const) {
      const guard = mode === 'add' ? creationGuard(flow, kind) : writeGuard;
      app.post(
        `/${mode}`,
        { onRequest: guard, schema: { tags, response: { 200: requestSaveReply } } },
        async (request) => {
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
        },
      );
    }

    app.post(
      '/validar-unidade',
      { schema: { tags, body: validateUnitBody, response: { 200: duplicateCheckReply } } },
      async (request) => {
        const dados = await findDuplicates(
          app.db,
          request.user,
          flow,
          kind,
          { unidade: request.body.unidade },
          request.body.id,
        );
        return { error: 0 as const, total: dados.length, dados };
      },
    );

    app.post(
      '/validar-endereco',
      { schema: { tags, body: validateAddressBody, response: { 200: duplicateCheckReply } } },
      async (request) => {
        const dados = await findDuplicates(
          app.db,
          request.user,
          flow,
          kind,
          { endereco_id: request.body.endereco_id },
          request.body.id,
        );
        return { error: 0 as const, total: dados.length, dados };
      },
    );

    app.post(
      '/historicos',
      { schema: { tags, body: historyBody, response: { 200: observationHistoryReply } } },
      async (request) => {
        const row = await findRequest(app.db, request.user, flow, kind, request.body.id_unidade);
        return { error: 0 as const, dados: await observationHistory(app.db, row.id) };
      },
    );

    app.post(
      '/status',
      { schema: { tags, body: historyBody, response: { 200: statusHistoryReply } } },
      async (request) => {
        const row = await findRequest(app.db, request.user, flow, kind, request.body.id_unidade);
        return { error: 0 as const, dados: await statusHistory(app.db, row.id) };
      },
    );

    // Issue 15: both histories, field changes and attachments in one list (timeline.ts).
    app.post(
      '/linha-do-tempo',
      { schema: { tags, body: historyBody, response: { 200: timelineReply } } },
      async (request) => {
        const { user, body } = request;
        const { dados, anexos } = await requestTimeline(app.db, user, flow, kind, body.id_unidade);
        return { error: 0 as const, dados, anexos };
      },
    );

    app.post(
      '/apagar-arquivos',
      {
        onRequest: writeGuard,
        schema: { tags, body: deleteRequestFileBody, response: { 200: attachmentDeletedReply } },
      },
      async (request) => {
        const dados = await deleteAttachment(
          { db: app.db, storage: app.storage },
          { flow, kind, user: request.user, id: request.body.id, tipo: request.body.tipo, ip: request.ip },
        );
        return { error: 0 as const, msg: DELETED, dados };
      },
    );
  };
}

/** The delete call of a change form, outside the form's prefix but behind the same guards. */
function deleteRoute(flow: Flow, kind: Kind, path: string): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', formGuard(flow, kind));
    app.addHook('onRequest', writeGuard);
    app.post(
      path,
      {
        schema: {
          tags: [requestForm(flow, kind).title],
          body: requestDeleteBody,
          response: { 200: requestDeletedReply },
        },
      },
      async (request) => {
        await deleteRequest(
          { db: app.db, storage: app.storage },
          { flow, kind, user: request.user, id: request.body.id, ip: request.ip },
        );
        return { error: 0 as const, msg: DELETED };
      },
    );
  };
}


export const solicitacoesRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const { flow, kind } of ALL_FLOW_KINDS) {
    await app.register(formRoutes(flow, kind), { prefix: `/${requestForm(flow, kind).apiBase}` });
    // Every form's delete call (deletion.ts: the spec's two and the new-unit forms', issue 15).
    await app.register(deleteRoute(flow, kind, `/${deleteCallOf(flow, kind)}`));
  }

  app.get(
    '/arquivos/:id',
    { schema: { tags: ['Arquivos'], params: z.object({ id: recordId }) } },
    async (request, reply) => {
      return sendStoredFile(reply, app.storage, await findAttachment(app.db, request.user, request.params.id));
    },
  );
};
