/**
 * Saves on the embedded PGlite under many connections (issue 12): requesters sending new energy
 * units at once, each a distinct unit. PGlite has one connection, so every save waits its turn.
 * Usage: npx tsx bench/save-pglite.ts   (CONNECTIONS=50, SECONDS=10, WARMUP=3)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { readConfig } from '../apps/server/src/config.ts';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/demo-data.ts';
import { newUnitPayload } from '../apps/server/test/support/requests.ts';
import { measure } from './measure.ts';

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const SECONDS = Number(process.env.SECONDS ?? 10);
const WARMUP = Number(process.env.WARMUP ?? 3);

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-'));
const app = await buildApp({
  ...readConfig({}),
  dataDir,
  inMemoryDatabase: true,
  seedDemo: true,
  logLevel: 'warn',
  webDist: undefined,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as { port: number };
const base = `http://127.0.0.1:${port}`;
const login = await fetch(`${base}/api/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'solicitante@demo.portal', password: DEMO_PASSWORD }),
});
const { token } = (await login.json()) as { token: string };
const body = await newUnitPayload(app, { unidade: 'UCB{n}', endereco_id: 'SPB{n}' });

const plan = {
  url: `${base}/api/novas-unidades/add`,
  body,
  headers: { authorization: `Bearer ${token}` },
  connections: CONNECTIONS,
  seconds: SECONDS,
  warmup: WARMUP,
};
const result = await measure(plan);
console.log(
  `PGlite, ${CONNECTIONS} conexões, ${SECONDS} s medidos após ${WARMUP} s de aquecimento: novas unidades salvas`,
);
console.log('| salvas/s | p50 | p95 | p99 | recusadas (503) | p99 das recusas | erros |');
console.log('|---|---|---|---|---|---|---|');
console.log(
  `| ${result.perSecond} | ${result.p50} ms | ${result.p95} ms | ${result.p99} ms ` +
    `| ${result.refused} | ${result.refusedP99} ms | ${result.errors} |`,
);
await app.close();
await rm(dataDir, { recursive: true, force: true });
