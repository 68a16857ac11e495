import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '@portal/domain';
import type { Database } from '../../../db/client.ts';

/** Who is acting and from where: what every administration use case needs besides its input. */
export interface AdminContext {
  db: Database;
  user: SessionUser;
  ip: string;
}

export const contextOf = (request: FastifyRequest): AdminContext => ({
  db: request.server.db,
  user: request.user,
  ip: request.ip,
});
