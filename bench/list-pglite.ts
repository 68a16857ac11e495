/**
 * The request list on the embedded PGlite and on PostgreSQL holding the same 100,000 requests
 * (issue 12: PGlite at least 0.35× PostgreSQL), measured alternately, medians of the rounds.
 * Usage: DATABASE_URL=postgres://… npx tsx bench/list-pglite.ts   (the database is refilled)
 * COUNT (100000), ROUNDS (3), SECONDS (5) and CONNECTIONS (10) change the run.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { readConfig } from '../apps/server/src/config.ts';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/demo-data.ts';
import { insertSyntheticRequests } from '../apps/server/test/support/synthetic-requests.ts';
import type { LoadResult } from './load.ts';
import { measure, median } from './measure.ts';

const COUNT = Number(process.env.COUNT ?? 100_000);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const SECONDS = Number(process.env.SECONDS ?? 5);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const config = readConfig();
if (!config.databaseUrl) throw new Error('Defina DATABASE_URL (PostgreSQL): o banco é preenchido de novo.');

/** A server on `database`, holding COUNT requests, listening on a free port. */
async function serverWith(overrides: Partial<typeof config>) {
  const app = await buildApp({
    ...config,
    seedDemo: true,
    logLevel: 'warn',
    webDist: undefined,
    ...overrides,
  });
  await app.db.execute(sql`truncate solicitacoes, solicitacoes_contagem restart identity cascade`);
  await insertSyntheticRequests(app.db, COUNT);
  await app.db.execute(sql`vacuum analyze solicitacoes`);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-'));
const servers = {
  PostgreSQL: await serverWith({}),
  // Each with its own defaults (the session cache is on for PGlite, off for PostgreSQL) unless
  // SESSION_CACHE says otherwise for both.
  PGlite: await serverWith({
    ...readConfig({ ...process.env, DATABASE_URL: undefined }),
    inMemoryDatabase: true,
    dataDir,
  }),
};

async function tokenOf(url: string, email: string) {
  const login = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  return ((await login.json()) as { token: string }).token;
}

const roles = {
  célula: 'celula@demo.portal',
  regional: 'regional@demo.portal',
  solicitante: 'solicitante@demo.portal',
};
const results = new Map<string, Record<keyof typeof servers, LoadResult[]>>();
for (let round = 1; round <= ROUNDS; round++) {
  for (const [role, email] of Object.entries(roles)) {
    const measured = results.get(role) ?? { PostgreSQL: [], PGlite: [] };
    results.set(role, measured);
    for (const [name, { url }] of Object.entries(servers) as [keyof typeof servers, { url: string }][]) {
      measured[name].push(
        await measure({
          url: `${url}/api/novas-unidades/list`,
          body: { page: 1, per_page: 10 },
          headers: { authorization: `Bearer ${await tokenOf(url, email)}` },
          connections: CONNECTIONS,
          seconds: SECONDS,
        }),
      );
    }
  }
  console.error(`rodada ${round} de ${ROUNDS} concluída`);
}

console.log(
  `${COUNT} solicitações, ${CONNECTIONS} conexões, ${SECONDS} s por medida, mediana de ${ROUNDS} rodadas`,
);
console.log(
  '| lista, página 1 | PGlite req/s | p95 | PostgreSQL req/s | p95 | PGlite ÷ PostgreSQL | erros |',
);
console.log('|---|---|---|---|---|---|---|');
for (const [role, { PGlite, PostgreSQL }] of results) {
  const lite = median(PGlite.map((r) => r.perSecond));
  const pg = median(PostgreSQL.map((r) => r.perSecond));
  const errors = [...PGlite, ...PostgreSQL].reduce((sum, r) => sum + r.errors + r.refused, 0);
  console.log(
    `| ${role} | ${lite} | ${median(PGlite.map((r) => r.p95))} ms | ${pg} | ${median(PostgreSQL.map((r) => r.p95))} ms ` +
      `| ${(lite / pg).toFixed(2)}× | ${errors} |`,
  );
}
for (const { app } of Object.values(servers) as { app: FastifyInstance }[]) await app.close();
await rm(dataDir, { recursive: true, force: true });
