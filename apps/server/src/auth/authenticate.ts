import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '@portal/domain';
import { forbidden, unauthorized } from '../http/errors.ts';
import { findSessionUser } from './session-user.ts';
import { TOUCH_INTERVAL_MS, touchSession } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate`: the signed-in user, as loaded from the database for this request. */
    user: SessionUser;
    sessionToken: string;
  }
  interface FastifyContextConfig {
    /** The few calls a user who must change the password may still make (validate, logout, change-password). */
    allowedBeforePasswordChange?: boolean;
  }
}

export const CHANGE_PASSWORD_FIRST = 'Troque sua senha para continuar.';
export const INACTIVE_COMPANY = 'Empresa inativa. Procure o administrador do portal.';

const bearer = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
};

/**
 * onRequest of every signed-in plugin (app.ts): a live session of an active user of an active
 * company, or 401: one indexed read of session, user, group, company and regionals, re-read on
 * every call so a change of access counts at once; the session's last-seen time is written at
 * most once a minute. A user who must change the password
 * (trocar_senha 0) gets 403 on everything but the calls that let them do it.
 */
export async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const token = bearer(request);
  if (!token) throw unauthorized('Faça login para continuar.');
  const { db, config } = request.server;
  const session = await findSessionUser(db, token, config.sessionIdleMinutes);
  if (!session) throw unauthorized();
  const { record } = session;
  if (!record.ativo) throw unauthorized('Usuário inativo. Procure o administrador.');
  if (!record.empresaAtiva) throw unauthorized(INACTIVE_COMPANY);
  if (Date.now() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS)
    await touchSession(db, session.sessionId);
  request.user = record.user;
  request.sessionToken = token;
  if (record.user.trocar_senha === 0 && !request.routeOptions.config.allowedBeforePasswordChange) {
    throw forbidden(CHANGE_PASSWORD_FIRST);
  }
}
