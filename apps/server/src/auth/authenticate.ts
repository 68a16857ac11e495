import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '@portal/domain';
import { forbidden, unauthorized } from '../http/errors.ts';
import type { CachedSession, SessionCache } from './session-cache.ts';
import { findSessionUser } from './session-user.ts';
import { TOUCH_INTERVAL_MS, touchSession } from './sessions.ts';
import { tokenHash } from './tokens.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's copy of the session reads (session-cache.ts), emptied on every change of access. */
    sessionCache: SessionCache;
  }
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
 * The live session behind `hash`: this process's copy when it has one the idle timeout has not
 * reached, otherwise one indexed read of session, user, group, company and regionals, kept for
 * the next call unless access data changed while it was read (session-cache.ts).
 */
async function liveSession(server: FastifyInstance, hash: string): Promise<CachedSession | undefined> {
  const { db, config, sessionCache: cache } = server;
  const idleMinutes = config.sessionIdleMinutes;
  const cached = cache.get(hash);
  // Idle by this process's last-seen time: the database decides (another instance may have seen it since).
  if (cached && Date.now() - cached.lastSeenAt <= idleMinutes * 60_000) return cached;
  if (cached) cache.forget(hash);
  const generation = cache.generation;
  const read = await findSessionUser(db, hash, idleMinutes);
  if (!read) return undefined;
  const session: CachedSession = {
    user: read.record.user,
    ativo: read.record.ativo,
    empresaAtiva: read.record.empresaAtiva,
    sessionId: read.sessionId,
    lastSeenAt: read.lastSeenAt.getTime(),
  };
  cache.store(hash, session, generation);
  return session;
}

/**
 * onRequest of every signed-in plugin (app.ts): a live session of an active user of an active
 * company, or 401. The session's read is kept per process and dropped on every change of access
 * (a logout, a deactivation, a group's permission, a user's regionals…), so a change counts at the
 * next call; the session's last-seen time is written at most once a minute. A user who must change
 * the password (trocar_senha 0) gets 403 on everything but the calls that let them do it.
 */
export async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const token = bearer(request);
  if (!token) throw unauthorized('Faça login para continuar.');
  const session = await liveSession(request.server, tokenHash(token));
  if (!session) throw unauthorized();
  if (!session.ativo) throw unauthorized('Usuário inativo. Procure o administrador.');
  if (!session.empresaAtiva) throw unauthorized(INACTIVE_COMPANY);
  const now = Date.now();
  const lastSeenAt = session.lastSeenAt;
  if (now - lastSeenAt > TOUCH_INTERVAL_MS) {
    // Marked first, so calls arriving meanwhile on a cached session do not write it again.
    session.lastSeenAt = now;
    try {
      await touchSession(request.server.db, session.sessionId);
    } catch (error) {
      session.lastSeenAt = lastSeenAt;
      throw error;
    }
  }
  request.user = session.user;
  request.sessionToken = token;
  if (session.user.trocar_senha === 0 && !request.routeOptions.config.allowedBeforePasswordChange) {
    throw forbidden(CHANGE_PASSWORD_FIRST);
  }
}
