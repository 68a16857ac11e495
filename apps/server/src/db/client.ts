import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { migrationsFolder, type Config } from '../config.ts';
import * as schema from './schema.ts';
import { queueOperations } from './pglite-queue.ts';
import { parseStatementsOnce } from './pglite-statements.ts';
import { listenOnPglite, listenOnPostgres, trackingClient, type AccessSink } from './access-changes.ts';

/** The one database type the code sees, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle: the same query API, bound to one transaction. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbOrTx = Database | Tx;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  /** Connections of the pool and calls waiting for one, for /metrics (PGlite: one connection). */
  usage(): PoolUsage;
  /**
   * Reports to `sink` every change of access data (sessions, users, groups, companies, regionals):
   * this process's own as each commits, every other connection's as its notice arrives, and whether
   * those notices can arrive at all (access-changes.ts). Stopped by `close`.
   */
  watchAccessChanges(sink: AccessSink): Promise<void>;
  close(): Promise<void>;
}

export interface PoolUsage {
  total: number;
  idle: number;
  waiting: number;
}

/**
 * The hot queries are prepared statements (prepared.ts) whose LIMIT, OFFSET and scope are
 * parameters: a generic plan, blind to them, reads whole tables where the values' own plan reads
 * an index (plano-da-lista.test.ts). Each execution is planned for its values; the statement is
 * still parsed once per connection.
 */
const PLAN_CACHE_MODE = 'force_custom_plan';

/**
 * How long a call may wait for the database before it is answered 503: for a connection of the
 * PostgreSQL pool, or for its turn on PGlite (pglite-queue.ts).
 */
const MAX_WAIT_MS = 5_000;

/** Any fixed number: the advisory lock every instance takes around its migrations. */
const MIGRATION_LOCK = 2_023_090_483;

/**
 * Instances starting together on one PostgreSQL migrate one after another: the next finds the
 * migrations applied and does nothing, instead of applying them a second time.
 */
async function migrateAlone(pool: pg.Pool, migrate: () => Promise<void>): Promise<void> {
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate();
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    lock.release();
  }
}

/**
 * Opens PostgreSQL when a URL is configured, otherwise the embedded PGlite under DATA_DIR/db
 * (or, for tests, a copy of `pgliteSnapshot`, a dump of one already migrated and seeded), and
 * applies the committed migrations before anything else touches it.
 */
export async function openDatabase(
  config: Config,
  log: Pick<FastifyBaseLogger, 'warn'> & Partial<Pick<FastifyBaseLogger, 'info'>>,
  pgliteSnapshot?: Blob,
): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    const databaseUrl = config.databaseUrl;
    let sink: AccessSink | undefined;
    let listener: { close(): Promise<void> } | undefined;
    // Calls fail fast while the database is away instead of queueing for a connection forever.
    const pool = new pg.Pool({
      // Only a process that keeps session reads needs its own writes of access data reported.
      ...(config.sessionCache ? { Client: trackingClient(() => sink?.invalidate()) } : {}),
      connectionString: databaseUrl,
      max: 10,
      connectionTimeoutMillis: MAX_WAIT_MS,
      options: `-c plan_cache_mode=${PLAN_CACHE_MODE}`,
    });
    // A client whose connection is cut (a terminated backend, a restart, a failover) emits 'error';
    // unhandled, that ends the process. The pool listens only while a client is idle, and a client
    // checked out — a transaction holds one across its awaits — has no listener of its own: each
    // gets one for its whole life. Its running query fails (503 at the edge, the transaction rolled
    // back by PostgreSQL) and the pool discards it when released, so the next call gets a new one.
    pool.on('connect', (client) =>
      client.on('error', (err) =>
        log.warn({ code: (err as { code?: string }).code }, 'conexão com o PostgreSQL perdida'),
      ),
    );
    // The idle client's error also reaches the pool, which drops it.
    pool.on('error', () => undefined);
    const db = drizzlePg({ client: pool, schema });
    await migrateAlone(pool, () => migratePg(db, { migrationsFolder }));
    return {
      db: db as unknown as Database,
      driver: 'postgres',
      usage: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      watchAccessChanges: async (to) => {
        sink = to;
        listener = listenOnPostgres(databaseUrl, to, log);
      },
      close: async () => {
        await listener?.close();
        await pool.end();
      },
    };
  }
  let dataPath: string | undefined;
  if (!config.inMemoryDatabase) {
    dataPath = path.join(config.dataDir, 'db');
    await mkdir(dataPath, { recursive: true });
  }
  // pg_trgm and unaccent serve the search (migrations 0008, 0017), as on PostgreSQL.
  const client = await PGlite.create(dataPath, {
    extensions: { pg_trgm, unaccent },
    loadDataDir: pgliteSnapshot,
  });
  await client.exec(`set plan_cache_mode = ${PLAN_CACHE_MODE}`);
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  parseStatementsOnce(client);
  const queue = queueOperations(client, MAX_WAIT_MS);
  let listener: { close(): Promise<void> } | undefined;
  return {
    db: db as unknown as Database,
    driver: 'pglite',
    usage: () => {
      const inLine = queue.inLine();
      return { total: 1, idle: inLine === 0 ? 1 : 0, waiting: Math.max(0, inLine - 1) };
    },
    watchAccessChanges: async (sink) => {
      listener = await listenOnPglite(client, sink);
    },
    close: async () => {
      await listener?.close();
      await client.close();
    },
  };
}
