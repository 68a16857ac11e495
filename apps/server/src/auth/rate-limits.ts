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

  /** Gives back an attempt counted by `count` that turned out to succeed. */
  refund(key: string): void {
    const window = this.windows.get(key);
    if (window && window.count > 0) window.count -= 1;
  }

  private prune(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

/** Longest wait the per-address slowdown imposes between two attempts. */
export const MAX_SLOWDOWN_MS = 30_000;
export const SLOW_DOWN = 'Muitas tentativas para este e-mail. Aguarde alguns segundos e tente novamente.';

/**
 * Per e-mail address, failed sign-ins beyond `free` make the next attempt wait: 1 s, 2 s, 4 s… up
 * to MAX_SLOWDOWN_MS after the last failure. Guessing stays slow, and a stranger typing wrong
 * passwords for someone else's address delays the owner by seconds, never locks them out.
 */
export class FailureSlowdown {
  private readonly failures = new Map<string, { count: number; lastAt: number }>();

  constructor(
    private readonly free: number,
    private readonly forgetAfterMs: number,
  ) {}

  /** How long `key` must still wait before its next attempt (0: it may try now). */
  waitMs(key: string, now = Date.now()): number {
    const entry = this.failures.get(key);
    if (!entry || entry.count < this.free || now - entry.lastAt > this.forgetAfterMs) return 0;
    const delay = Math.min(1000 * 2 ** (entry.count - this.free), MAX_SLOWDOWN_MS);
    return Math.max(0, entry.lastAt + delay - now);
  }

  fail(key: string, now = Date.now()): void {
    if (this.failures.size > 10_000) this.prune(now);
    const entry = this.failures.get(key);
    if (!entry || now - entry.lastAt > this.forgetAfterMs) this.failures.set(key, { count: 1, lastAt: now });
    else this.failures.set(key, { count: entry.count + 1, lastAt: now });
  }

  /** Gives back an attempt counted by `fail` that turned out to succeed. */
  refund(key: string): void {
    const entry = this.failures.get(key);
    if (entry && entry.count > 1) entry.count -= 1;
    else this.failures.delete(key);
  }

  private prune(now: number): void {
    for (const [key, entry] of this.failures)
      if (now - entry.lastAt > this.forgetAfterMs) this.failures.delete(key);
  }
}

const addressOf = (request: FastifyRequest) =>
  String((request.body as { email?: unknown } | undefined)?.email ?? '')
    .trim()
    .toLowerCase();

/**
 * Failed attempts are limited per client IP (a lockout for the window: that is the guesser's own
 * address) and slowed down per account (FailureSlowdown), so neither one account attacked from
 * many IPs nor many accounts from one IP get through. Every attempt counts as a failure when it
 * starts and is given back when it succeeds: a burst of parallel guesses is held like a sequence.
 */
function guessLimits(app: FastifyInstance, accountOf: (request: FastifyRequest) => string, slowDown: string) {
  const { perAddress, perIp, windowMs } = app.config.rateLimit;
  const byIp = new AttemptCounter(perIp, windowMs);
  const byAccount = new FailureSlowdown(perAddress, windowMs);
  return {
    preHandler: async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      if (byIp.exhausted(request.ip)) throw new AppError(429, TOO_MANY_ATTEMPTS);
      const account = accountOf(request);
      const wait = byAccount.waitMs(account);
      if (wait > 0) {
        reply.header('retry-after', Math.ceil(wait / 1000));
        throw new AppError(429, slowDown);
      }
      byIp.count(request.ip);
      byAccount.fail(account);
    },
    onResponse: async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      // Only an attempt that passed preHandler can answer 200.
      if (reply.statusCode !== 200) return;
      byIp.refund(request.ip);
      byAccount.refund(accountOf(request));
    },
  };
}

/** Sign-in, per e-mail address. */
export const signInRateLimits = (app: FastifyInstance) => guessLimits(app, addressOf, SLOW_DOWN);

export const SLOW_DOWN_CURRENT_PASSWORD =
  'Muitas tentativas com a senha atual incorreta. Aguarde alguns segundos e tente novamente.';

/** change-password proves the current password: per signed-in user, guessing it is as slow as signing in. */
export const currentPasswordRateLimits = (app: FastifyInstance) =>
  guessLimits(app, (request) => `usuario:${request.user.id}`, SLOW_DOWN_CURRENT_PASSWORD);

/**
 * Recovery e-mails: every request counts, per client IP and per e-mail address, for the window.
 * Locking an address out of more recovery e-mails harms nobody: the ones already sent still work.
 */
export function recoveryRateLimits(app: FastifyInstance) {
  const { perAddress, perIp, windowMs } = app.config.rateLimit;
  const byIp = new AttemptCounter(perIp, windowMs);
  const byAddress = new AttemptCounter(perAddress, windowMs);
  return {
    preHandler: async (request: FastifyRequest): Promise<void> => {
      if (byIp.exhausted(request.ip) || byAddress.exhausted(addressOf(request)))
        throw new AppError(429, TOO_MANY_ATTEMPTS);
    },
    onResponse: async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      if (reply.statusCode !== 200) return;
      byIp.count(request.ip);
      byAddress.count(addressOf(request));
    },
  };
}
