import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** `draining` is set once a shutdown begins: new requests get 503, /api/ready too. */
    lifecycle: { draining: boolean };
  }
}

export const SHUTTING_DOWN = 'O servidor está sendo reiniciado. Tente novamente em instantes.';

/** Always answered while draining: the load balancer must see the instance alive but not ready. */
const PROBES = new Set(['/api/health', '/api/ready']);

/**
 * Requests that arrive once a shutdown began are answered 503 in Portuguese with
 * `Connection: close` (the client retries elsewhere); requests already past this hook run to
 * their end. Also set by app.close() itself (Fastify's own 503 is English, so it is turned off).
 */
export function registerShutdownGate(app: FastifyInstance): void {
  app.decorate('lifecycle', { draining: false });
  app.addHook('onRequest', async (request, reply) => {
    if (!app.lifecycle.draining || PROBES.has(request.routeOptions.url ?? '')) return;
    reply.header('connection', 'close');
    return reply.status(503).send({ error: 1, msg: SHUTTING_DOWN });
  });
  // The first preClose hook (registered before the queue worker's), so nothing new starts while it drains.
  app.addHook('preClose', async () => {
    app.lifecycle.draining = true;
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * SIGTERM/SIGINT: mark the instance not ready and answer 503 for `drainMs` (the load balancer's
 * probe sees it and sends traffic elsewhere), then close: stop listening, let in-flight requests
 * (uploads included) finish, stop the queue worker after its round, close the database, exit 0.
 * Past `timeoutMs` from the signal the process exits 1 with a log line, whatever is still running;
 * a task it was running is claimed again after its lease (jobs/queue.ts). A second signal exits at once.
 */
export function shutDownOnSignals(
  app: FastifyInstance,
  { drainMs, timeoutMs }: { drainMs: number; timeoutMs: number },
): void {
  let stopping = false;
  const shutDown = async (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn(`${signal} de novo: encerrando sem esperar`);
      process.exit(1);
    }
    stopping = true;
    app.log.info(`${signal}: encerrando (novas requisições recebem 503; as em andamento terminam)`);
    setTimeout(() => {
      app.log.error(
        `encerramento passou de ${timeoutMs / 1000} s: saindo com requisições ou tarefas em andamento`,
      );
      process.exit(1);
    }, timeoutMs).unref();
    app.lifecycle.draining = true;
    try {
      await sleep(drainMs);
      await app.close();
    } catch (err) {
      app.log.error({ err }, 'falha ao encerrar');
      process.exit(1);
    }
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, (s) => void shutDown(s));
}
