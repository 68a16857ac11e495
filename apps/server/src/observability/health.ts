import { PUBLIC } from '@portal/domain/contracts/call';
import { readFileSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { migrationsFolder } from '../config.ts';
import { appliedMigrationTimes, databaseAnswers } from '../db/probes.ts';
import { quietRoute } from './quiet-routes.ts';

type Check = 'banco' | 'migracoes' | 'armazenamento' | 'disco' | 'encerrando';

/** What the operator reads in the 503, one phrase per failed check. */
const FAILED: Record<Check, string> = {
  banco: 'banco de dados inacessível',
  migracoes: 'há migrações do banco não aplicadas',
  armazenamento: 'armazenamento de anexos inacessível',
  disco: 'disco do servidor cheio',
  encerrando: 'o servidor está encerrando',
};

/** A check that does not answer in this time failed: a probe must not hang the load balancer's call. */
const CHECK_TIMEOUT_MS = 4_000;

/**
 * Probes share the checks under way, and for this long the last ones that passed: /api/ready is
 * public, and a flood of it would otherwise cost database connections and storage requests
 * (hostile review, issue 16). A failure is never reused, so a recovery shows at the next probe.
 */
const CHECKS_REUSED_MS = 1_000;

/** The `when` of every committed migration, read once: the folder does not change under a running server. */
const committedMigrations = (): number[] =>
  (
    JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: { when: number }[];
    }
  ).entries.map((entry) => entry.when);

/**
 * Below this, DATA_DIR (the embedded database, local attachments, the e-mail outbox) counts as full:
 * writes there are about to fail with 507, so the balancer should send users elsewhere first.
 */
export const MIN_FREE_DISK_BYTES = 16 * 1024 * 1024;

/** What a check answered, or undefined when it failed or did not answer in time. */
async function attempt<T>(check: () => Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>(
    (resolve) => (timer = setTimeout(() => resolve(undefined), CHECK_TIMEOUT_MS)),
  );
  try {
    return await Promise.race([check().catch(() => undefined), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
const passes = async (check: () => Promise<boolean>) => (await attempt(check)) ?? false;

/**
 * GET /api/health: the process answers. GET /api/ready: this instance can serve — the database
 * answers, every committed migration is applied there, the attachment storage takes writes, its
 * data folder has room, and no shutdown has begun. Both public and cheap (a load balancer calls them every few seconds), so
 * their request lines are kept out of the log; a failure names the check, never its cause (a
 * connection string or a path).
 */
export async function healthRoutes(api: FastifyInstance): Promise<void> {
  const migrations = committedMigrations();
  // Public by declaration (registerAccessRules): a load balancer calls them without a session.
  const quiet = { ...quietRoute(api), config: { access: PUBLIC } };
  // The log says when readiness changes, not at every probe.
  let lastFailed = '';

  api.get('/health', quiet, async () => ({ status: 'ok' }));

  const database = () => databaseAnswers(api.db);
  const migrated = async () => {
    const applied = await appliedMigrationTimes(api.db);
    return migrations.every((when) => applied.has(when));
  };
  const storage = () => api.storage.probe().then(() => true);
  const diskHasRoom = async () => {
    const { bavail, bsize } = await statfs(api.config.dataDir);
    return bavail * bsize >= MIN_FREE_DISK_BYTES;
  };
  const runChecks = async () => {
    const [databaseAnswers, armazenamento, disco] = await Promise.all([
      passes(database),
      passes(storage),
      // A folder that cannot be read is the storage's check (or the start's) to tell.
      attempt(diskHasRoom).then((roomy) => roomy ?? true),
    ]);
    // Asked only of a database that answers: one connection at a time per probe. A read that
    // fails (a connection lost in between) says the database is away, not that a migration is missing.
    const applied = databaseAnswers ? await attempt(migrated) : undefined;
    const banco = applied !== undefined;
    return { banco, armazenamento, disco, migracoes: applied ?? true };
  };
  let lastChecks: { at: number; result: ReturnType<typeof runChecks>; passed?: boolean } | undefined;
  const reusable = (checks: typeof lastChecks) =>
    checks && (checks.passed === undefined || (checks.passed && Date.now() - checks.at <= CHECKS_REUSED_MS));

  api.get('/ready', quiet, async (_request, reply) => {
    if (!reusable(lastChecks)) {
      const checks: NonNullable<typeof lastChecks> = { at: Date.now(), result: runChecks() };
      void checks.result.then((c) => (checks.passed = c.banco && c.armazenamento && c.disco && c.migracoes));
      lastChecks = checks;
    }
    const { banco, armazenamento, disco, migracoes } = await lastChecks!.result;
    const failed = (
      [
        ['banco', banco],
        ['migracoes', migracoes],
        ['armazenamento', armazenamento],
        ['disco', disco],
        ['encerrando', !api.lifecycle.draining],
      ] as const
    )
      .filter(([, ok]) => !ok)
      .map(([check]) => check as Check);
    if (failed.join() !== lastFailed) {
      if (failed.length) api.log.warn({ falhas: failed }, 'instância não está pronta');
      else api.log.info('instância pronta de novo');
      lastFailed = failed.join();
    }
    if (failed.length === 0) return { status: 'ok' };
    return reply.status(503).send({
      error: 1,
      msg: `Servidor não está pronto: ${failed.map((check) => FAILED[check]).join('; ')}.`,
      falhas: failed,
    });
  });
}
