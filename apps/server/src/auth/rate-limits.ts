import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../http/errors.ts';

export const TOO_MANY_ATTEMPTS = 'Muitas tentativas. Aguarde alguns minutos e tente novamente.';

/**
 * Fixed-window counters in memory. @fastify/rate-limit runs only one limiter per request, and
 * these endpoints need two at once (see docs/decisions.md).
 */
export class AttemptCounter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Whether `key` has used up its attempts in the current window. */
  exhausted(key: string, now = Date.now()): boolean {
    const window = this.windows.get(key);
    return !!window && window.resetAt > now && window.count >= this.max;
  }

  count(key: string, now = Date.now()): void {
    if (this.windows.size > 10_000) this.prune(now);
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
    else window.count += 1;
  }

  private prune(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

/**
 * Hooks for the endpoints that guess or mail: limited per client IP and per e-mail address, so
 * neither one address attacked from many IPs nor many addresses from one IP get through.
 * `counts` says which answers use up an attempt (failed sign-ins only; every recovery e-mail).
 */
export function credentialRateLimits(app: FastifyInstance, counts: (statusCode: number) => boolean) {
  const { perAddress, perIp, windowMs } = app.config.rateLimit;
  const byIp = new AttemptCounter(perIp, windowMs);
  const byAddress = new AttemptCounter(perAddress, windowMs);
  const addressOf = (request: FastifyRequest) =>
    String((request.body as { email?: unknown } | undefined)?.email ?? '').trim().toLowerCase();
  return {
    preHandler: async (request: FastifyRequest): Promise<void> => {
      if (byIp.exhausted(request.ip) || byAddress.exhausted(addressOf(request))) throw new AppError(429, TOO_MANY_ATTEMPTS);
    },
    onResponse: async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      if (!counts(reply.statusCode)) return;
      byIp.count(request.ip);
      byAddress.count(addressOf(request));
    },
  };
}
