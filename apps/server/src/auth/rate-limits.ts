import type { FastifyInstance, FastifyRequest } from 'fastify';
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

  /** Counts one attempt for `key`; false once the key went over its maximum in this window. */
  hit(key: string, now = Date.now()): boolean {
    if (this.windows.size > 10_000) this.prune(now);
    const current = this.windows.get(key);
    if (!current || current.resetAt <= now) {
      this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
      return true;
    }
    current.count += 1;
    return current.count <= this.max;
  }

  private prune(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

/**
 * preHandler for the endpoints that guess or mail: limited per client IP and per e-mail address,
 * so neither one address attacked from many IPs nor many addresses from one IP get through.
 */
export function credentialRateLimits(app: FastifyInstance) {
  const { perAddress, perIp, windowMs } = app.config.rateLimit;
  const byIp = new AttemptCounter(perIp, windowMs);
  const byAddress = new AttemptCounter(perAddress, windowMs);
  return async (request: FastifyRequest): Promise<void> => {
    const email = String((request.body as { email?: unknown } | undefined)?.email ?? '').trim().toLowerCase();
    const ipAllowed = byIp.hit(request.ip);
    const addressAllowed = byAddress.hit(email);
    if (!ipAllowed || !addressAllowed) throw new AppError(429, TOO_MANY_ATTEMPTS);
  };
}
