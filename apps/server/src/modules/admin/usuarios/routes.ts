import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userCalls as calls } from '@portal/domain/contracts/calls/admin/users';
import { ADMIN_SHEETS } from '@portal/domain/reports';
import { contextOf } from '../../../http/context.ts';
import { SAVED } from '../../../http/replies.ts';
import { route } from '../../../http/route.ts';
import { sendListSheet } from '../../../http/sheet-export.ts';
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
  const resetDeps = () => ({ validMinutes: app.config.passwordResetMinutes });

  route(app, calls.list, async (request) => ({
    error: 0 as const,
    ...(await listUsers(app.db, request.body)),
  }));

  route(app, calls.exportList, async (request, reply) =>
    sendListSheet(
      reply,
      ADMIN_SHEETS['usuarios'],
      { format: request.query.formato, publicUrl: app.config.publicUrl },
      (paging) => listUsers(app.db, { ...request.query, ...paging }),
    ),
  );

  route(app, calls.options, async () => ({ error: 0 as const, dados: await userOptions(app.db) }));

  route(app, calls.add, async (request) => {
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
  });

  route(app, calls.edit, async (request) => ({
    error: 0 as const,
    msg: SAVED,
    dados: await saveUser(contextOf(request), request.body, 'edit'),
  }));

  route(app, calls.delete, async (request) => ({
    error: 0 as const,
    ...(await deleteUser(contextOf(request), request.body.id)),
  }));

  route(app, calls.sendReset, async (request) => ({
    error: 0 as const,
    msg: await sendPasswordReset(contextOf(request), resetDeps(), request.body.id),
  }));
};
