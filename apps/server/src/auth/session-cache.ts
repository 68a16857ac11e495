import type { SessionUser } from '@portal/domain';

/** What `authenticate` needs of a session's read: never the password hash. */
export interface CachedSession {
  readonly user: SessionUser;
  readonly ativo: boolean;
  readonly empresaAtiva: boolean;
  readonly sessionId: number;
  /** The session's last-seen time as this process last read or wrote it (ms since the epoch). */
  lastSeenAt: number;
}

export interface SessionCacheStats {
  hits: number;
  misses: number;
  /** Answers read while the cache was bypassed (off, or its change feed down). */
  bypassed: number;
  /** Answers not kept because something changed while they were being read. */
  discarded: number;
  invalidations: number;
  entries: number;
  live: boolean;
}

export interface SessionCacheOptions {
  /** Sessions kept at most; the least recently used one leaves first. */
  maxEntries?: number;
  /** A safety net: an entry older than this is read again whatever the change feed said. */
  maxAgeMs?: number;
  now?: () => number;
}

interface Entry {
  session: CachedSession;
  storedAt: number;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * This process's copy of the session read (auth/session-user.ts), keyed by the token's hash, so a
 * signed-in call costs no round trip for it (issue 12). It is only as good as its invalidation:
 *
 * - `invalidate()` empties it and moves the generation on. It is called for every change of a
 *   session, user, group, company or user's regionals: on this process's own writes as soon as they
 *   commit, and for every other connection's through the database's notices (db/access-changes.ts).
 * - A read captures `generation` before it goes to the database and is kept only if the generation
 *   is still the same when it returns, so an answer read before a change never outlives it.
 * - While the notices do not reach this process (`setLive(false)`: not yet listening, connection
 *   lost, reconnecting) it answers nothing and keeps nothing: every call reads the database.
 * - A stored session is frozen: a caller cannot change what the next call is given.
 */
export class SessionCache {
  #entries = new Map<string, Entry>();
  #generation = 0;
  #live = false;
  readonly #enabled: boolean;
  readonly #maxEntries: number;
  readonly #maxAgeMs: number;
  readonly #now: () => number;
  #stats = { hits: 0, misses: 0, bypassed: 0, discarded: 0, invalidations: 0 };

  constructor(enabled: boolean, options: SessionCacheOptions = {}) {
    this.#enabled = enabled;
    this.#maxEntries = options.maxEntries ?? 5000;
    this.#maxAgeMs = options.maxAgeMs ?? 60_000;
    this.#now = options.now ?? Date.now;
  }

  /** Capture before reading the database; hand back to `store`. */
  get generation(): number {
    return this.#generation;
  }

  /** True when the cache answers: enabled and its change feed connected. */
  get active(): boolean {
    return this.#enabled && this.#live;
  }

  get(hash: string): CachedSession | undefined {
    if (!this.active) {
      this.#stats.bypassed++;
      return undefined;
    }
    const entry = this.#entries.get(hash);
    if (!entry || this.#now() - entry.storedAt > this.#maxAgeMs) {
      if (entry) this.#entries.delete(hash);
      this.#stats.misses++;
      return undefined;
    }
    // Most recently used last: the first key is the one to evict.
    this.#entries.delete(hash);
    this.#entries.set(hash, entry);
    this.#stats.hits++;
    return entry.session;
  }

  /** Keeps `session` unless the cache was invalidated since `generation` was captured. */
  store(hash: string, session: CachedSession, generation: number): void {
    if (!this.active) return;
    if (generation !== this.#generation) {
      this.#stats.discarded++;
      return;
    }
    deepFreeze(session.user);
    this.#entries.delete(hash);
    this.#entries.set(hash, { session: Object.seal(session), storedAt: this.#now() });
    while (this.#entries.size > this.#maxEntries) {
      this.#entries.delete(this.#entries.keys().next().value!);
    }
  }

  /** Forgets one session (e.g. one this process found idle). */
  forget(hash: string): void {
    this.#entries.delete(hash);
  }

  /** Something a session's answer is made of changed: nothing read before now is kept or served. */
  invalidate(): void {
    this.#generation++;
    this.#stats.invalidations++;
    this.#entries.clear();
  }

  /**
   * Whether changes made elsewhere reach this process. Either way the cache starts over: while down,
   * changes go unannounced; once up again, a read begun while down may hold one of them.
   */
  setLive(live: boolean): void {
    this.#live = live;
    this.invalidate();
  }

  stats(): SessionCacheStats {
    return { ...this.#stats, entries: this.#entries.size, live: this.#live };
  }
}
