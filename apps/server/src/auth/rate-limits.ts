import { createHash } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { tentativas } from '../db/schema.ts';
import { tooMany } from '../http/errors.ts';

export const TOO_MANY_ATTEMPTS = 'Muitas tentativas. Aguarde alguns minutos e tente novamente.';

/** How often, at most, one limiter deletes the expired counters while it counts. */
export const PRUNE_INTERVAL_MS = 60_000;

const at = (ms: number) => new Date(ms).toISOString();

/**
 * Counters kept in the table `tentativas` (migration 0011), so every instance on one database
 * counts against the same rows. Each count is one `insert … on conflict do update … returning`:
 * the row lock it takes makes concurrent attempts, on any instance, count once each, and its
 * condition refuses the attempt in the same statement, so check and count cannot interleave.
 * Times come from the app's clock (the caller's `now`), not the database's. @fastify/rate-limit
 * runs only one limiter per request, and these endpoints need two at once (docs/decisions/sign-in-and-sessions.md, D-AUTH-001).
 */
abstract class AttemptTable {
  private prunedAt = 0;

  constructor(
    protected readonly db: Database,
    /** Which limiter the rows belong to: one route's per-IP counter, another's per-address one… */
    private readonly scope: string,
  ) {}

  /** The row's identity: keys hold IP and e-mail addresses, so only their SHA-256 is stored. */
  protected row(key: string) {
    return { escopo: this.scope, chave: createHash('sha256').update(key).digest('hex') };
  }

  protected where(key: string) {
    const { escopo, chave } = this.row(key);
    return and(eq(tentativas.escopo, escopo), eq(tentativas.chave, chave));
  }

  /**
   * A flood of distinct keys leaves rows, never process memory; they are deleted here, by one
   * indexed statement at most once a PRUNE_INTERVAL_MS per limiter, instead of by a timer.
   */
  protected async pruneExpired(now: number): Promise<void> {
    if (now - this.prunedAt < PRUNE_INTERVAL_MS) return;
    this.prunedAt = now;
    await this.db.delete(tentativas).where(lt(tentativas.expiraEm, new Date(now)));
  }

  /** Gives back an attempt counted that turned out to succeed. */
  async refund(key: string): Promise<void> {
    await this.db
      .update(tentativas)
      .set({ contagem: sql`${tentativas.contagem} - 1` })
      .where(and(this.where(key), gt(tentativas.contagem, 0)));
  }
}

/** A fixed window per key, opened by its first attempt: at most `max` attempts in it. */
export class AttemptCounter extends AttemptTable {
  constructor(
    db: Database,
    scope: string,
    private readonly max: number,
    private readonly windowMs: number,
  ) {
    super(db, scope);
  }

  /** Counts an attempt for `key`, or answers false (nothing counted) when its window is used up. */
  async take(key: string, now = Date.now()): Promise<boolean> {
    await this.pruneExpired(now);
    const expired = sql`${tentativas.expiraEm} <= ${at(now)}::timestamptz`;
    const counted = await this.db
      .insert(tentativas)
      .values({ ...this.row(key), contagem: 1, expiraEm: new Date(now + this.windowMs) })
      .onConflictDoUpdate({
        target: [tentativas.escopo, tentativas.chave],
        set: {
          contagem: sql`case when ${expired} then 1 else ${tentativas.contagem} + 1 end`,
          expiraEm: sql`case when ${expired} then excluded.expira_em else ${tentativas.expiraEm} end`,
        },
        setWhere: sql`${expired} or ${tentativas.contagem} < ${this.max}`,
      })
      .returning({ contagem: tentativas.contagem });
    return counted.length > 0;
  }
}

/** Longest wait the per-address slowdown imposes between two attempts. */
export const MAX_SLOWDOWN_MS = 30_000;
export const SLOW_DOWN = 'Muitas tentativas para este e-mail. Aguarde alguns segundos e tente novamente.';

/** 2^15 s already passes MAX_SLOWDOWN_MS; a larger exponent would only overflow. */
const MAX_DOUBLINGS = 15;

/**
 * Per e-mail address, failed sign-ins beyond `free` make the next attempt wait: 1 s, 2 s, 4 s… up
 * to MAX_SLOWDOWN_MS after the last failure. Guessing stays slow, and a stranger typing wrong
 * passwords for someone else's address delays the owner by seconds, never locks them out.
 * A row's `expira_em` is its last failure plus `forgetAfterMs`: past it, the failures are forgotten.
 */
export class FailureSlowdown extends AttemptTable {
  constructor(
    db: Database,
    scope: string,
    private readonly free: number,
    private readonly forgetAfterMs: number,
  ) {
    super(db, scope);
  }

  private delayMs(count: number): number {
    return Math.min(1000 * 2 ** Math.min(count - this.free, MAX_DOUBLINGS), MAX_SLOWDOWN_MS);
  }

  /**
   * Counts a failure for `key` unless it must still wait; answers 0 when counted, otherwise how
   * long it must still wait (nothing counted).
   */
  async fail(key: string, now = Date.now()): Promise<number> {
    await this.pruneExpired(now);
    const forgotten = sql`${tentativas.expiraEm} < ${at(now)}::timestamptz`;
    const delayMs = sql`least(1000 * power(2, least(${tentativas.contagem} - ${this.free}, ${MAX_DOUBLINGS})), ${MAX_SLOWDOWN_MS})`;
    const lastFailure = sql`${tentativas.expiraEm} - ${this.forgetAfterMs} * interval '1 millisecond'`;
    const counted = await this.db
      .insert(tentativas)
      .values({ ...this.row(key), contagem: 1, expiraEm: new Date(now + this.forgetAfterMs) })
      .onConflictDoUpdate({
        target: [tentativas.escopo, tentativas.chave],
        set: {
          contagem: sql`case when ${forgotten} then 1 else ${tentativas.contagem} + 1 end`,
          expiraEm: sql`excluded.expira_em`,
        },
        setWhere: sql`${forgotten} or ${tentativas.contagem} < ${this.free}
          or ${lastFailure} + ${delayMs} * interval '1 millisecond' <= ${at(now)}::timestamptz`,
      })
      .returning({ contagem: tentativas.contagem });
    if (counted.length > 0) return 0;
    const [entry] = await this.db
      .select({ contagem: tentativas.contagem, expiraEm: tentativas.expiraEm })
      .from(tentativas)
      .where(this.where(key));
    if (!entry) return 1; // refunded since: the refusal stands, the next attempt will pass
    const lastAt = entry.expiraEm.getTime() - this.forgetAfterMs;
    return Math.max(1, lastAt + this.delayMs(entry.contagem) - now);
  }
}

/** A refund that fails (database away) costs the client one attempt; it never fails the answer. */
async function giveBack(request: FastifyRequest, refund: () => Promise<unknown>): Promise<void> {
  await refund().catch((err: unknown) => request.log.warn({ err }, 'tentativa não devolvida ao contador'));
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
function guessLimits(
  app: FastifyInstance,
  scope: string,
  accountOf: (request: FastifyRequest) => string,
  slowDown: string,
) {
  const { perAddress, perIp, windowMs } = app.config.rateLimit;
  const byIp = new AttemptCounter(app.db, `${scope}:ip`, perIp, windowMs);
  const byAccount = new FailureSlowdown(app.db, `${scope}:conta`, perAddress, windowMs);
  return {
    preHandler: async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      if (!(await byIp.take(request.ip))) throw tooMany(TOO_MANY_ATTEMPTS);
      const wait = await byAccount.fail(accountOf(request));
      if (wait > 0) {
        // Refused before it was tried: the attempt does not count against the IP either.
        await byIp.refund(request.ip);
        reply.header('retry-after', Math.ceil(wait / 1000));
        throw tooMany(slowDown);
      }
    },
    // Before the answer leaves, so the client's next call, on any instance, finds it given back.
    onSend: async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
      // Only an attempt that passed preHandler can answer 200.
      if (reply.statusCode === 200)
        await giveBack(request, () =>
          Promise.all([byIp.refund(request.ip), byAccount.refund(accountOf(request))]),
        );
      return payload;
    },
  };
}

/** Sign-in, per e-mail address. */
export const signInRateLimits = (app: FastifyInstance) => guessLimits(app, 'login', addressOf, SLOW_DOWN);

export const SLOW_DOWN_CURRENT_PASSWORD =
  'Muitas tentativas com a senha atual incorreta. Aguarde alguns segundos e tente novamente.';

/** change-password proves the current password: per signed-in user, guessing it is as slow as signing in. */
export const currentPasswordRateLimits = (app: FastifyInstance) =>
  guessLimits(app, 'senha-atual', (request) => `usuario:${request.user.id}`, SLOW_DOWN_CURRENT_PASSWORD);

/**
 * Recovery e-mails: every request that is answered counts, per client IP and per e-mail address,
 * for the window. Locking an address out of more recovery e-mails harms nobody: the ones already
 * sent still work. Counted when it starts (so parallel requests cannot pass together), given back
 * if it then fails.
 */
export function recoveryRateLimits(app: FastifyInstance) {
  const { perAddress, perIp, windowMs } = app.config.rateLimit;
  const byIp = new AttemptCounter(app.db, 'recuperacao:ip', perIp, windowMs);
  const byAddress = new AttemptCounter(app.db, 'recuperacao:email', perAddress, windowMs);
  const counted = new WeakSet<FastifyRequest>();
  return {
    preHandler: async (request: FastifyRequest): Promise<void> => {
      if (!(await byIp.take(request.ip))) throw tooMany(TOO_MANY_ATTEMPTS);
      if (!(await byAddress.take(addressOf(request)))) {
        await byIp.refund(request.ip);
        throw tooMany(TOO_MANY_ATTEMPTS);
      }
      counted.add(request);
    },
    onSend: async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
      if (counted.has(request) && reply.statusCode !== 200)
        await giveBack(request, () =>
          Promise.all([byIp.refund(request.ip), byAddress.refund(addressOf(request))]),
        );
      return payload;
    },
  };
}
