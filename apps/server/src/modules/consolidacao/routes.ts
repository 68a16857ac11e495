import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fieldLabel, type Flow } from '@portal/domain';
import { regularizationCalls } from '@portal/domain/contracts/calls/regularization';
import { exportSource, sendExport } from '../exportacoes/sources.ts';
import { parseSaveBody } from '../../http/multipart-save-body.ts';
import { DELETED, SAVED } from '../../http/replies.ts';
import { route } from '../../http/route.ts';
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

/**
 * Regularização CNPJ/Razão Social (spec part 2 §7 consolidacao/*): energy under /api/consolidacao,
 * water under /api/agua/consolidacao (docs/decisions/provider-base-and-regularization.md, D-BASE-002). Who may open the screen may call it; what
 * each one may change is the domain's regularization policy.
 */
function regularizationRoutes(flow: Flow): FastifyPluginAsyncZod {
  const calls = regularizationCalls[flow];
  return async (app) => {
    route(app, calls.list, async (request) => {
      const { body } = request;
      if (body.id !== undefined) {
        const row = await findRegularization(app.db, flow, body.id);
        return { error: 0 as const, dados: toApiRecord(row, await attachmentsOf(app.db, row.id)) };
      }
      const { rows, total } = await listRegularizations(app.db, flow, body);
      return { error: 0 as const, dados: rows, total };
    });

    // 'Exportar' on the list (the queue writes the same file: exportacoes/sources.ts).
    const exported = exportSource(`${flow === 'agua' ? 'agua/' : ''}consolidacao/list/exportar`);
    route(app, calls.exportList, (request, reply) =>
      sendExport(reply, exported, request.user, request.query),
    );

    for (const mode of ['add', 'edit'] as const) {
      route(app, calls[mode], async (request) => {
        const body = await parseSaveBody(request, { storage: app.storage, fieldLabel });
        const dados = await saveRegularization(
          { db: app.db, storage: app.storage },
          { flow, mode, user: request.user, ip: request.ip, body },
        );
        return { error: 0 as const, msg: SAVED, dados };
      });
    }

    route(app, calls.observations, async (request) => {
      const row = await findRegularization(app.db, flow, request.body.id_unidade);
      return { error: 0 as const, dados: await observationHistory(app.db, row.id) };
    });

    route(app, calls.statuses, async (request) => {
      const row = await findRegularization(app.db, flow, request.body.id_unidade);
      return { error: 0 as const, dados: await statusHistory(app.db, row.id) };
    });

    route(app, calls.deleteFile, async (request) => {
      const dados = await deleteRegularizationFile(
        { db: app.db, storage: app.storage },
        { flow, user: request.user, id: request.body.id, tipo: request.body.tipo, ip: request.ip },
      );
      return { error: 0 as const, msg: DELETED, dados };
    });

    route(app, calls.delete, async (request) => {
      await deleteRegularization(
        { db: app.db, storage: app.storage },
        { flow, user: request.user, id: request.body.id, ip: request.ip },
      );
      return { error: 0 as const, msg: DELETED };
    });

    route(app, calls.attachment, async (request, reply) =>
      sendStoredFile(reply, app.storage, await findAttachmentFile(app.db, flow, request.params.id)),
    );
  };
}

export const consolidacaoRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(regularizationRoutes('energia'), { prefix: '/consolidacao' });
  await app.register(regularizationRoutes('agua'), { prefix: '/agua/consolidacao' });
};
