import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordId, userSaveBody } from '@portal/domain';
import { contextOf } from '../../../http/context.ts';
import { menuGuard } from '../../../http/menu-guard.ts';
import { listExportQuery } from '@portal/domain/contracts/reports';
import { ADMIN_SHEETS } from '@portal/domain/reports';
import { sendListSheet } from '../../../http/sheet-export.ts';
import {
  deletedReply,
  idBody,
  listBody,
  listReply,
  messageReply,
  savedReply,
} from '@portal/domain/contracts/envelopes';
import { userOptionsReply, userRow } from '@portal/domain/contracts/admin';
import { SAVED } from '../../../http/replies.ts';
import { deleteUser } from './delete-user.ts';
import { listUsers } from './list-users.ts';
import { saveUser } from './save-user.ts';
import { sendPasswordReset } from './send-password-reset.ts';
import { userOptions } from './user-options.ts';

const INVITE_SENT = 'Salvo com sucesso. Enviamos ao usuário um e-mail para criar a senha.';
const INVITE_FAILED =
  'Salvo com sucesso, mas não foi possível enviar o e-mail para criar a senha. Use "Enviar redefinição de senha".';

/** User administration (/usuarios; spec part 2 §2.5, §5, §7 usuarios/*). */
export const usuariosRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = menuGuard('usuarios');
  const tags = ['Usuários'];
  const resetDeps = () => ({ validMinutes: app.config.passwordResetMinutes });

  app.post(
    '/usuarios/list',
    { onRequest, schema: { tags, body: listBody, response: { 200: listReply(userRow) } } },
    async (request) => ({
      error: 0 as const,
      ...(await listUsers(app.db, request.body)),
    }),
  );

  app.get(
    '/usuarios/list/exportar',
    { onRequest, schema: { tags, querystring: listExportQuery } },
    async (request, reply) =>
      sendListSheet(
        reply,
        ADMIN_SHEETS['usuarios'],
        { format: request.query.formato, publicUrl: app.config.publicUrl },
        (paging) => listUsers(app.db, { ...request.query, ...paging }),
      ),
  );

  app.get(
    '/usuarios/opcoes',
    { onRequest, schema: { tags, response: { 200: userOptionsReply } } },
    async () => ({
      error: 0 as const,
      dados: await userOptions(app.db),
    }),
  );

  app.post(
    '/usuarios/add',
    { onRequest, schema: { tags, body: userSaveBody, response: { 200: savedReply(userRow) } } },
    async (request) => {
      const ctx = contextOf(request);
      const dados = await saveUser(ctx, request.body, 'add');
      // The account exists either way; a mail failure must not turn the save into an error.
      const msg = await sendPasswordReset(ctx, resetDeps(), dados.id).then(
        () => INVITE_SENT,
        (err: unknown) => {
          request.log.warn({ err }, 'invite e-mail failed');
          return INVITE_FAILED;
        },
      );
      return { error: 0 as const, msg, dados };
    },
  );

  app.post(
    '/usuarios/edit',
    {
      onRequest,
      schema: { tags, body: userSaveBody.extend({ id: recordId }), response: { 200: savedReply(userRow) } },
    },
    async (request) => ({
      error: 0 as const,
      msg: SAVED,
      dados: await saveUser(contextOf(request), request.body, 'edit'),
    }),
  );

  app.post(
    '/usuarios/delete',
    { onRequest, schema: { tags, body: idBody, response: { 200: deletedReply } } },
    async (request) => ({
      error: 0 as const,
      ...(await deleteUser(contextOf(request), request.body.id)),
    }),
  );

  app.post(
    '/usuarios/enviar-redefinicao-senha',
    {
      onRequest,
      schema: { tags, body: idBody, response: { 200: messageReply } },
    },
    async (request) => ({
      error: 0 as const,
      msg: await sendPasswordReset(contextOf(request), resetDeps(), request.body.id),
    }),
  );
};
