import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PermissionFlag, SessionUser } from '@portal/domain';
import { forbidden, unauthorized } from '../http/errors.ts';
import { findUserRecord } from './session-user.ts';
import { touchSession } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate`: the signed-in user, as loaded from the database for this request. */
    user: SessionUser;
    sessionToken: string;
  }
}

const bearer = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
};

/** preHandler: a live session of an active user, or 401. Access data is re-read on every call. */
export async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const token = bearer(request);
  if (!token) throw unauthorized('Faça login para continuar.');
  const { db, config } = request.server;
  const idUsuario = await touchSession(db, token, config.sessionIdleMinutes);
  if (idUsuario === undefined) throw unauthorized();
  const record = await findUserRecord(db, { id: idUsuario });
  if (!record?.ativo) throw unauthorized('Usuário inativo. Procure o administrador.');
  request.user = record.user;
  request.sessionToken = token;
}

/** preHandler factory: the group's permission flag is required (menu and server use the same flags). */
export const requirePermission =
  (flag: PermissionFlag) =>
  async (request: FastifyRequest): Promise<void> => {
    if (!request.user.permissoes[flag]) throw forbidden();
  };
