import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { readConfig, type Config } from '../config.ts';
import {
  createAdministrator,
  parseAdministrator,
  type AdministratorInput,
  type AdministratorOutcome,
} from '../db/seed/administrator.ts';
import { demoSeedAllowed } from '../db/seed/demo-policy.ts';
import { seedDemoRequests } from '../db/seed/demo-requests.ts';
import { QUEUE_POLL_MS, registerQueueWorker } from '../jobs/queue.ts';
import { taskHandlers } from '../jobs/tasks.ts';
import { assertDataDirWritable } from './data-dir.ts';
import { StartupError } from './startup-error.ts';

/**
 * ADMIN_EMAIL and ADMIN_PASSWORD (ADMIN_NAME optional) ask for a first administrator at start;
 * one without the other is a mistake the operator should hear about, not a silent no-op.
 */
export function readFirstAdministrator(env: NodeJS.ProcessEnv): AdministratorInput | undefined {
  const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password, ADMIN_NAME: name } = env;
  if (!email && !password) return undefined;
  if (!email || !password) {
    throw new StartupError('Defina ADMIN_EMAIL e ADMIN_PASSWORD juntos para criar o primeiro administrador.');
  }
  return parseAdministrator({ email, name, password });
}

export interface StartedServer {
  app: FastifyInstance;
  config: Config;
  /** What ADMIN_EMAIL/ADMIN_PASSWORD did, when they were set. */
  firstAdministrator?: { email: string; outcome: AdministratorOutcome };
}

/**
 * Everything `npm start` does before serving: reads and checks the settings, proves DATA_DIR
 * writable, opens (migrates, seeds) the database, creates the first administrator if asked, listens.
 * Faults the operator must fix are thrown as StartupError; main prints them as one line.
 */
export async function startServer(env: NodeJS.ProcessEnv): Promise<StartedServer> {
  const config = readConfig(env);
  const administrator = readFirstAdministrator(env);
  await assertDataDirWritable(config.dataDir);
  const seedDemo = demoSeedAllowed(config);
  const app = await buildApp({ ...config, seedDemo });
  // The job queue's worker (e-mails) runs in the serving process only, not in tests' apps or the CLI.
  registerQueueWorker(app, taskHandlers(app), QUEUE_POLL_MS);
  try {
    // The demo's own requests come with its users: a fresh demo opens on work to do.
    if (seedDemo) await seedDemoRequests({ db: app.db, storage: app.storage });
    const firstAdministrator = administrator && {
      email: administrator.email,
      outcome: await createAdministrator(app.db, administrator, { onlyIntoEmptyDatabase: true }),
    };
    await app.listen({ port: config.port, host: config.host });
    return { app, config, firstAdministrator };
  } catch (err) {
    await app.close();
    throw err;
  }
}
