import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.ts';

/**
 * Demo users carry a published password, so they are created only on the embedded database and
 * only when this start creates it (GUIDE §7): a demo user an administrator deleted stays deleted.
 * Must be asked before the database is opened, which creates it. PG_VERSION is what initdb
 * writes into a PGlite data directory (DATA_DIR/db, see db/client.ts).
 */
export function demoSeedAllowed(config: Config): boolean {
  if (!config.seedDemo || config.databaseUrl) return false;
  return config.inMemoryDatabase || !existsSync(path.join(config.dataDir, 'db', 'PG_VERSION'));
}
