import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.ts';
import { readConfig } from '../config.ts';

/**
 * `npm run openapi -- <file>`: writes the OpenAPI document the server serves at /api/docs/json,
 * generated from the calls' descriptors, for the tools that check it (.ci/run: @redocly/cli lint).
 * Builds the app on an empty embedded database that is thrown away.
 */
const out = process.argv[2] ?? 'openapi.json';
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-openapi-'));
try {
  const config = {
    ...readConfig({}),
    dataDir,
    databaseUrl: undefined,
    inMemoryDatabase: true,
    seedDemo: false,
    webDist: undefined,
    logLevel: 'silent',
    apiDocs: true,
  };
  const app = await buildApp(config);
  await app.ready();
  await writeFile(out, `${JSON.stringify(app.swagger(), null, 2)}\n`);
  await app.close();
  console.log(`OpenAPI escrito em ${out}`);
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
