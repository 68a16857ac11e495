import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { AttemptCounter } from '../auth/rate-limits.ts';
import { tooMany } from './errors.ts';

export const TOO_MANY_DIRECT_EXPORTS =
  'Você pediu muitas exportações em pouco tempo. Aguarde um instante e tente de novo, ou peça o arquivo em segundo plano.';

/** A direct export: a GET (or its HEAD) whose path ends in /exportar, streamed by sheet-export.ts. */
const isDirectExport = (route: RouteOptions) =>
  [route.method].flat().some((method) => method === 'GET' || method === 'HEAD') &&
  route.url.endsWith('/exportar');

/**
 * Every direct export route registered after this call in `app` counts against one limit per
 * user (EXPORT_LIMIT_PER_USER in EXPORT_LIMIT_WINDOW_MS), as the queue limits the queued ones:
 * each reads and writes a whole list. The counter is a row of `tentativas`, so every instance
 * counts against it (GUIDE §7); an export its schema refuses never reaches it.
 */
export function limitDirectExports(app: FastifyInstance): void {
  const { perUser, windowMs } = app.config.exportLimit;
  const counter = new AttemptCounter(app.db, 'exportar:usuario', perUser, windowMs);
  const limit = async (request: FastifyRequest): Promise<void> => {
    if (!(await counter.take(`usuario:${request.user.id}`))) throw tooMany(TOO_MANY_DIRECT_EXPORTS);
  };
  app.addHook('onRoute', (route) => {
    if (isDirectExport(route)) route.preHandler = [[route.preHandler ?? []].flat(), limit].flat();
  });
}
