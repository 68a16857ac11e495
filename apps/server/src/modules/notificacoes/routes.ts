import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EMAILS_OFF, EMAILS_ON, NOTIFICATION_NOT_FOUND } from '@portal/domain/contracts/notifications';
import {
  emailPreferenceCall,
  markAllReadCall,
  markReadCall,
  notificationListCall,
  unreadCountCall,
} from '@portal/domain/contracts/calls/notifications';
import { route } from '../../http/route.ts';
import { notFound } from '../../http/errors.ts';
import {
  countUnread,
  emailPreference,
  listNotifications,
  markAllRead,
  markRead,
  setEmailPreference,
} from './repo.ts';

/**
 * The bell (issue 15): every signed-in user, whatever the group or profile, reads and marks only
 * their own notices; the user is the session's, never a body field. Marking read and the e-mail
 * choice are the user's own settings, not data of the portal, so profile 3 (Consulta) may use them.
 */
export const notificacoesRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, notificationListCall, async (request) => {
    const id = request.user.id;
    const [{ rows, more }, naoLidas, recebeEmails] = await Promise.all([
      listNotifications(app.db, id, request.query.antes),
      countUnread(app.db, id),
      emailPreference(app.db, id),
    ]);
    return { error: 0 as const, dados: rows, mais: more, nao_lidas: naoLidas, recebe_emails: recebeEmails };
  });

  route(app, unreadCountCall, async (request) => ({
    error: 0 as const,
    nao_lidas: await countUnread(app.db, request.user.id),
  }));

  route(app, markReadCall, async (request) => {
    // Another user's notice answers as an absent one: its existence is not disclosed.
    if (!(await markRead(app.db, request.user.id, request.body.id))) throw notFound(NOTIFICATION_NOT_FOUND);
    return { error: 0 as const, nao_lidas: await countUnread(app.db, request.user.id) };
  });

  route(app, markAllReadCall, async (request) => {
    await markAllRead(app.db, request.user.id);
    return { error: 0 as const, nao_lidas: 0 };
  });

  route(app, emailPreferenceCall, async (request) => {
    const on = request.body.recebe_emails;
    await setEmailPreference(app.db, request.user.id, on);
    return { error: 0 as const, msg: on ? EMAILS_ON : EMAILS_OFF, recebe_emails: on };
  });
};
