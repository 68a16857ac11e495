import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { readConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/client.ts';
import { seedDemoData, seedReferenceData } from '../../src/db/seed/seed.ts';
import { adminQuery, databaseUrlBeside } from './postgres-admin.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of an in-memory PGlite migrated and seeded once for this run (test-app.ts loads it). */
    pgliteTemplate: string;
    /** With TEST_DATABASE_URL: a PostgreSQL database migrated and seeded once, the template of every test's. */
    postgresTemplate: string;
  }
}

const silent = { warn: () => {} };

/**
 * Migrating and seeding a database costs seconds on a 2-core machine, and a hundred test files
 * each want their own. This runs it once per test run; every test app then starts from a copy
 * (test-app.ts), and a run always clones what this checkout's migrations and seeds make.
 */
export default async function setup(project: TestProject) {
  const config = { ...readConfig({}), inMemoryDatabase: true, databaseUrl: undefined };
  const pglite = await openDatabase(config, silent);
  await seedReferenceData(pglite.db);
  await seedDemoData(pglite.db);
  const dump = await (pglite.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
  await pglite.close();
  const dumpFile = path.join(os.tmpdir(), `portal-test-template-${process.pid}.tar`);
  await writeFile(dumpFile, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', dumpFile);

  const base = process.env.TEST_DATABASE_URL;
  const templateName = `portal_template_${process.pid}`;
  if (base) {
    await adminQuery(base, `create database ${templateName}`);
    const postgres = await openDatabase(
      { ...config, databaseUrl: databaseUrlBeside(base, templateName) },
      silent,
    );
    await seedReferenceData(postgres.db);
    await seedDemoData(postgres.db);
    await postgres.close();
  }
  project.provide('postgresTemplate', base ? templateName : '');

  return async () => {
    await rm(dumpFile, { force: true });
    if (base) await adminQuery(base, `drop database if exists ${templateName} with (force)`);
  };
}
