import type { FastifyInstance } from 'fastify';

/**
 * Runs `work` every `intervalMs` once the app is ready (0 turns it off), one run at a time, and
 * stops when the app closes, waiting for a run under way. A failed run is logged and the next
 * one tried at its time. The work must be safe to run on every instance at once.
 */
export function registerPeriodic(
  app: FastifyInstance,
  intervalMs: number,
  work: () => Promise<void>,
  failure: string,
): void {
  if (intervalMs <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let closed = false;

  const schedule = () => {
    timer = setTimeout(() => {
      running = work()
        .catch((err: unknown) => app.log.warn({ err }, failure))
        .finally(() => {
          if (!closed) schedule();
        });
    }, intervalMs);
    // A pending run never keeps the process alive on its own.
    timer.unref();
  };

  app.addHook('onReady', async () => schedule());
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
    await running;
  });
}
