import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '@portal/domain';
import type { Database } from '../db/client.ts';

/** Who is acting and from where: what a use case needs besides its input. */
export interface ActorContext {
  db: Database;
  user: SessionUser;
  ip: string;
}

export const contextOf = (request: FastifyRequest): ActorContext => ({
  db: request.server.db,
  user: request.user,
  ip: request.ip,
});
