import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle } from '../db/client.ts';
import { pendingTaskCount } from '../jobs/queue.ts';
import { jobAttemptsFailed, jobsGivenUp } from './job-metrics.ts';
import { quietRoute } from './quiet-routes.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Equal-length digests, so the comparison takes the same time whatever the caller sent. */
function bearsToken(request: FastifyRequest, expected: Buffer): boolean {
  const [scheme, sent] = (request.headers.authorization ?? '').split(' ');
  return scheme === 'Bearer' && !!sent && timingSafeEqual(digest(sent), expected);
}

/**
 * Prometheus metrics at /metrics, for whoever holds METRICS_TOKEN (`Authorization: Bearer …`);
 * without the token set, or without the right one, /metrics is a 404 like any unknown path, so
 * nobody learns it exists. Labels carry route patterns (`/api/solicitacoes/:id`), methods and
 * status codes only: never a raw URL, an id or an address.
 */
export function registerMetrics(app: FastifyInstance, database: DatabaseHandle): void {
  const token = app.config.metricsToken;
  const expected = token ? digest(token) : undefined;
  const registry = new Registry();

  app.get('/metrics', quietRoute(app), async (request, reply) => {
    if (!expected || !bearsToken(request, expected)) {
      return reply.status(404).send({ error: 1, msg: 'Rota não encontrada.' });
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
  if (!expected) return;

  collectDefaultMetrics({ register: registry });
  registry.registerMetric(jobAttemptsFailed);
  registry.registerMetric(jobsGivenUp);

  const duration = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Duração das requisições HTTP, por rota (padrão), método e status.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    duration.observe(
      {
        method: request.method,
        // Unmatched paths share one label: a scanner's URLs must not grow the series without end.
        route: request.routeOptions.url ?? 'sem-rota',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });

  new Gauge({
    name: 'portal_db_pool_connections',
    help: 'Conexões do banco: total, ociosas e chamadas esperando uma (PGlite: uma conexão e sua fila).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const usage = database.usage();
      this.set({ state: 'total' }, usage.total);
      this.set({ state: 'idle' }, usage.idle);
      this.set({ state: 'waiting' }, usage.waiting);
    },
  });

  new Gauge({
    name: 'portal_job_queue_pending',
    help: 'Tarefas da fila ainda não concluídas (devidas, agendadas ou aguardando nova tentativa).',
    registers: [registry],
    async collect() {
      try {
        this.set(await pendingTaskCount(app.db));
      } catch {
        // Database away: unknown, not zero.
        this.set(Number.NaN);
      }
    },
  });

  new Gauge({
    name: 'portal_session_cache',
    help:
      'Cache das sessões deste processo: acertos, faltas, leituras sem cache (desligado ou sem aviso de ' +
      'alterações), leituras descartadas por uma alteração, esvaziamentos, sessões guardadas e se está no ar (1/0).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = app.sessionCache.stats();
      for (const state of ['hits', 'misses', 'bypassed', 'discarded', 'invalidations', 'entries'] as const) {
        this.set({ state }, stats[state]);
      }
      this.set({ state: 'live' }, stats.live ? 1 : 0);
    },
  });
}
