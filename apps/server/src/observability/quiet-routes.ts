import type { FastifyInstance, LogLevel } from 'fastify';

const SEVERITY: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Infinity,
};

/**
 * Route options for calls a load balancer or a scraper makes every few seconds: their request
 * lines would flood the log, so the route logs at warn or above. Only ever raises the level: a
 * route's logLevel replaces the app's, and an app at error or silent must stay so.
 */
export function quietRoute(app: FastifyInstance): { logLevel: LogLevel; schema: { hide: true } } {
  const level = app.log.level;
  return {
    logLevel: (SEVERITY[level] ?? 0) >= SEVERITY.warn! ? (level as LogLevel) : 'warn',
    schema: { hide: true },
  };
}
