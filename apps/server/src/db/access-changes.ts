import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/** The channel migration 0014's triggers notify when a session, user, group, company or regional link changes. */
export const ACCESS_CHANNEL = 'acesso_alterado';

/** application_name of each instance's listening connection (what an operator sees in pg_stat_activity). */
export const ACCESS_LISTENER_NAME = 'portal-acesso-alterado';

/** Where changes of access data are reported: the session cache (auth/session-cache.ts). */
export interface AccessSink {
  /** Something changed: forget every session read so far. */
  invalidate(): void;
  /** Whether changes made by other connections reach this process right now. */
  setLive(live: boolean): void;
}

type Log = Pick<FastifyBaseLogger, 'warn'> & Partial<Pick<FastifyBaseLogger, 'info'>>;

/** The tables a session's read is made of (auth/session-user.ts), and regionais, whose delete cascades to usuario_regionais. */
const ACCESS_TABLE =
  /(?:^|[^a-z0-9_])(?:sessoes|usuarios|grupos|empresas|usuario_regionais|regionais)(?:$|[^a-z0-9_])/;
const WRITE_VERB = /\b(?:insert|update|delete|merge|truncate|copy|alter|drop)\b/;
/** A new session (startSession): it cannot make a kept answer stale, only found sessions are kept. */
const NEW_SESSION = /^insert into "?sessoes"? \([^;]*\) values \([^;]*\)(?: returning [^;]*)?$/;
/** The session's last-seen time alone (touchSession): no part of the answer, like the trigger's column list. */
const TOUCH = /^update "?sessoes"? set "?last_seen_at"? = [^,;]*? where [^;]*$/;
/** What could hide a write inside a statement of one of those two shapes. */
const NOT_PLAIN = /\bselect\b|\bon conflict\b|\bwith\b/;

/**
 * Whether a statement may change what a session's read answers, judged as migration 0014's triggers
 * judge it. Unsure is yes (a needless invalidation costs one read): any statement that names an
 * access table and a writing verb counts, comments and spelling aside, but for the two shapes the
 * triggers do not announce — a new session, and an update of a session's last-seen time alone.
 */
export function changesAccess(text: string): boolean {
  const statement = text
    .replace(/--[^\n]*|\/\*[\s\S]*?\*\//g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
  if (!WRITE_VERB.test(statement) || !ACCESS_TABLE.test(statement)) return false;
  if (NOT_PLAIN.test(statement)) return true;
  return !NEW_SESSION.test(statement) && !TOUCH.test(statement);
}

const BEGINS = /^\s*(?:begin|start\s+transaction)\b/i;
const ENDS = /^\s*(?:commit|end|abort|rollback(?!\s+(?:work\s+|transaction\s+)?to\b))\b/i;

/**
 * The pool's connections for PostgreSQL: node-postgres's client, which also reports this process's
 * own writes of access data (`changesAccess`) once they are committed — when the statement answers,
 * or, inside a transaction, when it ends — before the caller goes on. So the next call of this
 * instance never finds a session read from before its own change, without waiting for the notice
 * to come back on the listening connection; writes made outside requests (jobs, tasks, tests) count
 * the same way.
 */
export function trackingClient(onCommittedChange: () => void): typeof pg.Client {
  return class TrackingClient extends pg.Client {
    #inTransaction = false;
    #changed = false;

    // node-postgres's query has a dozen overloads; this passes every call through unchanged.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    override query(...args: any[]): any {
      const config: unknown = args[0];
      const text = typeof config === 'string' ? config : (config as { text?: unknown } | undefined)?.text;
      // Submittables (cursors, streams) only read here.
      if (typeof text !== 'string' || typeof (config as { submit?: unknown }).submit === 'function') {
        return super.query(...(args as Parameters<pg.Client['query']>));
      }
      if (BEGINS.test(text)) this.#inTransaction = true;
      const ends = ENDS.test(text);
      if (changesAccess(text)) this.#changed = true;
      const settled = () => {
        if (ends) this.#inTransaction = false;
        if (this.#changed && !this.#inTransaction) {
          this.#changed = false;
          onCommittedChange();
        }
      };
      const last = args.length - 1;
      if (typeof args[last] === 'function') {
        const callback = args[last] as (...result: unknown[]) => void;
        args[last] = (...result: unknown[]) => {
          settled();
          callback(...result);
        };
        return super.query(...(args as Parameters<pg.Client['query']>));
      }
      return (super.query(...(args as Parameters<pg.Client['query']>)) as unknown as Promise<unknown>).then(
        (result) => {
          settled();
          return result;
        },
        (error: unknown) => {
          settled();
          throw error;
        },
      );
    }
  } as unknown as typeof pg.Client;
}

const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 10_000;
const PING_EVERY_MS = 30_000;
const PING_TIMEOUT_MS = 5_000;

/**
 * Listens for `ACCESS_CHANNEL` on a connection of its own (a pooled one would be handed to other
 * calls), and tells `sink` of every notice. Live only between a successful LISTEN and the
 * connection's loss; lost (an error, an end, a ping unanswered for 5 s) it reconnects with backoff.
 */
export function listenOnPostgres(
  connectionString: string,
  sink: AccessSink,
  log: Log,
): { close(): Promise<void> } {
  let closed = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;

  const connect = () => {
    if (closed) return;
    const client = new pg.Client({
      connectionString,
      application_name: ACCESS_LISTENER_NAME,
      keepAlive: true,
      connectionTimeoutMillis: PING_TIMEOUT_MS,
    });
    current = client;
    let ping: NodeJS.Timeout | undefined;
    let lost = false;
    const lose = (error?: unknown) => {
      if (lost) return;
      lost = true;
      clearInterval(ping);
      sink.setLive(false);
      client.end().catch(() => undefined);
      if (closed) return;
      if (failures++ === 0) {
        log.warn(
          { code: (error as { code?: string } | undefined)?.code },
          'aviso de alteração de acesso fora do ar: cada chamada lê a sessão no banco até reconectar',
        );
      }
      retry = setTimeout(connect, Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** Math.min(failures, 5))).unref();
    };
    client.on('error', lose);
    client.on('end', () => lose());
    client.on('notification', (notice) => {
      if (notice.channel === ACCESS_CHANNEL) sink.invalidate();
    });
    client
      .connect()
      .then(() => client.query(`listen ${ACCESS_CHANNEL}`))
      .then(() => {
        if (lost || closed) return;
        if (failures > 0) log.info?.('aviso de alteração de acesso de volta');
        failures = 0;
        sink.setLive(true);
        ping = setInterval(() => {
          let timer: NodeJS.Timeout | undefined;
          const late = new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('ping sem resposta')), PING_TIMEOUT_MS);
          });
          Promise.race([client.query('select 1'), late])
            .catch(lose)
            .finally(() => clearTimeout(timer));
        }, PING_EVERY_MS).unref();
      })
      .catch(lose);
  };
  connect();

  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      sink.setLive(false);
      await current?.end().catch(() => undefined);
    },
  };
}

/**
 * PGlite is one connection in this process: the notice of a change arrives with the answer of the
 * statement (or commit) that made it, before its caller goes on, so listening is all there is.
 */
export async function listenOnPglite(client: PGlite, sink: AccessSink): Promise<{ close(): Promise<void> }> {
  await client.listen(ACCESS_CHANNEL, () => sink.invalidate());
  sink.setLive(true);
  return {
    async close() {
      sink.setLive(false);
    },
  };
}
