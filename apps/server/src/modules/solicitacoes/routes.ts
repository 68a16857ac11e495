import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ALL_FLOW_KINDS,
  deleteRequestFileBody,
  historyBody,
  listQuery,
  requestForm,
  validateAddressBody,
  validateUnitBody,
  deleteBody,
  duplicateCheckResultSchema,
  type Flow,
  type Kind,
} from '@portal/domain';
import { authenticate } from '../../auth/authenticate.ts';
import { badRequest } from '../../http/errors.ts';
import { deleteAttachment } from './delete-attachment.ts';
import { deleteRequest } from './delete-request.ts';
import { findDuplicates } from './find-duplicates.ts';
import { parseSaveBody } from './parse-save-body.ts';
import { findAttachment } from './read-attachment.ts';
import { toApiRecord } from './record.ts';
import {
  attachmentsOf,
  findRequest,
  listRequests,
  observationHistory,
  requesterOf,
  SORTABLE,
  statusHistory,
} from './repo.ts';
import { SAVED, saveRequest } from './save-request.ts';

/**
 * The calls of one request form (spec part 1 §7, part 2 §7) under its own prefix:
 * novas-unidades, unidades, agua/novas-unidades, agua/unidades. One engine serves all four;
 * what differs between them is the form's configuration in the domain package.
 */
function formRoutes(flow: Flow, kind: Kind): FastifyPluginAsyncZod {
  const tags = [requestForm(flow, kind).title];
  return async (app) => {
    app.addHook('preHandler', authenticate);

    app.post('/list', { schema: { tags, body: listQuery } }, async (request) => {
      const { body, user } = request;
      if (body.id !== undefined) {
        const row = await findRequest(app.db, user, flow, kind, body.id);
        const [requester, files] = await Promise.all([
          requesterOf(app.db, row),
          attachmentsOf(app.db, row.id),
        ]);
        return { error: 0 as const, dados: toApiRecord(row, requester, files) };
      }
      const sort = body.sort ?? 'data_pedido';
      if (!(sort in SORTABLE)) throw badRequest('Ordenação inválida.', 'sort');
      const { rows, total } = await listRequests(app.db, user, flow, kind, {
        ...body,
        sort: sort as keyof typeof SORTABLE,
      });
      return { error: 0 as const, dados: rows, total };
    });

    for (const mode of ['add', 'edit'] as const) {
      app.post(`/${mode}`, { schema: { tags } }, async (request) => {
        const body = await parseSaveBody(request);
        const dados = await saveRequest(
          { db: app.db, storage: app.storage },
          { flow, kind, mode, user: request.user, ip: request.ip, body },
        );
        return { error: 0 as const, msg: SAVED, dados };
      });
    }

    app.post(
      '/validar-unidade',
      { schema: { tags, body: validateUnitBody, response: { 200: duplicateCheckResultSchema } } },
      async (request) => {
        const dados = await findDuplicates(
          app.db,
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
      { schema: { tags, body: validateAddressBody, response: { 200: duplicateCheckResultSchema } } },
      async (request) => {
        const dados = await findDuplicates(
          app.db,
          flow,
          kind,
          { endereco_id: request.body.endereco_id },
          request.body.id,
        );
        return { error: 0 as const, total: dados.length, dados };
      },
    );

    app.post('/historicos', { schema: { tags, body: historyBody } }, async (request) => {
      const row = await findRequest(app.db, request.user, flow, kind, request.body.id_unidade);
      return { error: 0 as const, dados: await observationHistory(app.db, row.id) };
    });

    app.post('/status', { schema: { tags, body: historyBody } }, async (request) => {
      const row = await findRequest(app.db, request.user, flow, kind, request.body.id_unidade);
      return { error: 0 as const, dados: await statusHistory(app.db, row.id) };
    });

    app.post('/apagar-arquivos', { schema: { tags, body: deleteRequestFileBody } }, async (request) => {
      const dados = await deleteAttachment(
        { db: app.db, storage: app.storage },
        { flow, kind, user: request.user, id: request.body.id, tipo: request.body.tipo, ip: request.ip },
      );
      return { error: 0 as const, msg: 'Apagado com sucesso!', dados };
    });
  };
}

/** The spec names the delete call of the water change form differently (part 2 §7). */
const DELETE_PATHS: Partial<Record<`${Flow}.${Kind}`, string>> = {
  'energia.troca': '/unidades/delete',
  'agua.troca': '/agua/troca-unidades/delete',
};

export const solicitacoesRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const { flow, kind } of ALL_FLOW_KINDS) {
    await app.register(formRoutes(flow, kind), { prefix: `/${requestForm(flow, kind).apiBase}` });
    const deletePath = DELETE_PATHS[`${flow}.${kind}`];
    if (!deletePath) continue;
    app.post(
      deletePath,
      { preHandler: authenticate, schema: { tags: [requestForm(flow, kind).title], body: deleteBody } },
      async (request) => {
        await deleteRequest(
          { db: app.db, storage: app.storage },
          { flow, kind, user: request.user, id: request.body.id, ip: request.ip },
        );
        return { error: 0 as const, msg: 'Apagado com sucesso!' };
      },
    );
  }

  app.get(
    '/arquivos/:id',
    {
      preHandler: authenticate,
      schema: { tags: ['Arquivos'], params: z.object({ id: z.coerce.number().int().positive() }) },
    },
    async (request, reply) => {
      const file = await findAttachment(app.db, request.user, request.params.id);
      return reply
        .header('content-type', file.mime)
        .header('content-length', file.tamanho)
        .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.nome)}`)
        .header('x-content-type-options', 'nosniff')
        .send(app.storage.read(file.storageKey));
    },
  );
};
