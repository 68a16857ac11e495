import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldLabel, recordId, type Flow, type MenuKey } from '@portal/domain';
import {
  deleteRegularizationFileBody,
  regularizationDeleteBody,
  regularizationDeletedReply,
  regularizationFileDeletedReply,
  regularizationHistoryBody,
  regularizationListBody,
  regularizationListReply,
  regularizationObservationsReply,
  regularizationSaveReply,
  regularizationStatusesReply,
} from '@portal/domain/contracts/regularization';
import { menuGuard, writeGuard } from '../../http/menu-guard.ts';
import { exportSource, sendExport } from '../exportacoes/sources.ts';
import { parseSaveBody } from '../../http/multipart-save-body.ts';
import { DELETED, SAVED } from '../../http/replies.ts';
import { sendStoredFile } from '../../http/stored-file-reply.ts';
import { deleteRegularization, deleteRegularizationFile } from './delete-regularization.ts';
import { toApiRecord } from './record.ts';
import {
  attachmentsOf,
  findAttachmentFile,
  findRegularization,
  listRegularizations,
  observationHistory,
  statusHistory,
} from './repo.ts';
import { saveRegularization } from './save-regularization.ts';

const FLOW_MENU: Record<Flow, MenuKey> = { energia: 'consolidacao', agua: 'agua-consolidacao' };

/**
 * Regularização CNPJ/Razão Social (spec part 2 §7 consolidacao/*): energy under /api/consolidacao,
 * water under /api/agua/consolidacao (docs/decisions.md). Who may open the screen may call it; what
 * each one may change is the domain's regularization policy.
 */
function regularizationRoutes(flow: Flow): FastifyPluginAsyncZod {
  const tags = [flow === 'agua' ? 'Regularização (Água)' : 'Regularização'];
  return async (app) => {
    app.addHook('onRequest', menuGuard(FLOW_MENU[flow]));

    app.post(
      '/list',
      { schema: { tags, body: regularizationListBody, response: { 200: regularizationListReply } } },
      async (request) => {
        const { body } = request;
        if (body.id !== undefined) {
          const row = await findRegularization(app.db, flow, body.id);
          return { error: 0 as const, dados: toApiRecord(row, await attachmentsOf(app.db, row.id)) };
        }
        const { rows, total } = await listRegularizations(app.db, flow, body);
        return { error: 0 as const, dados: rows, total };
      },
    );

    // 'Exportar' on the list (the queue writes the same file: exportacoes/sources.ts).
    const exported = exportSource(`${flow === 'agua' ? 'agua/' : ''}consolidacao/list/exportar`);
    app.get('/list/exportar', { schema: { tags, querystring: exported.query } }, (request, reply) =>
      sendExport(reply, exported, request.user, request.query),
    );

    for (const mode of ['add', 'edit'] as const) {
      app.post(
        `/${mode}`,
        { onRequest: writeGuard, schema: { tags, response: { 200: regularizationSaveReply } } },
        async (request) => {
          const body = await parseSaveBody(request, { storage: app.storage, fieldLabel });
          const dados = await saveRegularization(
            { db: app.db, storage: app.storage },
            { flow, mode, user: request.user, ip: request.ip, body },
          );
          return { error: 0 as const, msg: SAVED, dados };
        },
      );
    }

    app.post(
      '/historicos',
      {
        schema: { tags, body: regularizationHistoryBody, response: { 200: regularizationObservationsReply } },
      },
      async (request) => {
        const row = await findRegularization(app.db, flow, request.body.id_unidade);
        return { error: 0 as const, dados: await observationHistory(app.db, row.id) };
      },
    );

    app.post(
      '/status',
      { schema: { tags, body: regularizationHistoryBody, response: { 200: regularizationStatusesReply } } },
      async (request) => {
        const row = await findRegularization(app.db, flow, request.body.id_unidade);
        return { error: 0 as const, dados: await statusHistory(app.db, row.id) };
      },
    );

    app.post(
      '/apagar-arquivos',
      {
        onRequest: writeGuard,
        schema: {
          tags,
          body: deleteRegularizationFileBody,
          response: { 200: regularizationFileDeletedReply },
        },
      },
      async (request) => {
        const dados = await deleteRegularizationFile(
          { db: app.db, storage: app.storage },
          { flow, user: request.user, id: request.body.id, tipo: request.body.tipo, ip: request.ip },
        );
        return { error: 0 as const, msg: DELETED, dados };
      },
    );

    app.post(
      '/delete',
      {
        onRequest: writeGuard,
        schema: { tags, body: regularizationDeleteBody, response: { 200: regularizationDeletedReply } },
      },
      async (request) => {
        await deleteRegularization(
          { db: app.db, storage: app.storage },
          { flow, user: request.user, id: request.body.id, ip: request.ip },
        );
        return { error: 0 as const, msg: DELETED };
      },
    );

    app.get(
      '/arquivos/:id',
      { schema: { tags, params: z.object({ id: recordId }) } },
      async (request, reply) =>
        sendStoredFile(reply, app.storage, await findAttachmentFile(app.db, flow, request.params.id)),
    );
  };
}

export const consolidacaoRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(regularizationRoutes('energia'), { prefix: '/consolidacao' });
  await app.register(regularizationRoutes('agua'), { prefix: '/agua/consolidacao' });
};
