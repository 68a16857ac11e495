import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLE_KIND_KEYS, type RoleKind, groupSaveBody } from '@portal/domain';
import { contextOf } from '../../../http/context.ts';
import { adminGuard } from '../shared/guard.ts';
import { deletedReply, idBody, listBody, listReply, SAVED, savedReply } from '../../../http/replies.ts';
import { deleteGroup } from './delete-group.ts';
import { listGroups } from './list-groups.ts';
import { saveGroup } from './save-group.ts';

const group = z.object({
  id: z.number(),
  nome: z.string(),
  papel: z.enum(ROLE_KIND_KEYS as [RoleKind, ...RoleKind[]]),
  papel_nome: z.string(),
  cadastro: z.boolean(),
  cnpjs: z.boolean(),
  relatorios: z.boolean(),
  empresas: z.boolean(),
  usuarios: z.boolean(),
  version: z.number(),
});

/** Access groups (/grupo): role kind and the permission flags behind menu and server checks. */
export const gruposRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = adminGuard('grupo');
  const tags = ['Grupos de Acesso'];

  app.post(
    '/grupos/list',
    { onRequest, schema: { tags, body: listBody, response: { 200: listReply(group) } } },
    async (request) => ({
      error: 0 as const,
      ...(await listGroups(app.db, request.body)),
    }),
  );

  for (const mode of ['add', 'edit'] as const) {
    app.post(
      `/grupos/${mode}`,
      { onRequest, schema: { tags, body: groupSaveBody, response: { 200: savedReply(group) } } },
      async (request) => ({
        error: 0 as const,
        msg: SAVED,
        dados: await saveGroup(contextOf(request), request.body, mode),
      }),
    );
  }

  app.post(
    '/grupos/delete',
    { onRequest, schema: { tags, body: idBody, response: { 200: deletedReply } } },
    async (request) => ({
      error: 0 as const,
      ...(await deleteGroup(contextOf(request), request.body.id)),
    }),
  );
};
