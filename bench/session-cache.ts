/**
 * The session cache's worth (issue 12): the same product with the cache (SESSION_CACHE on, the
 * default) and without it (every call reads its session), both on DATABASE_URL in this process,
 * measured alternately, medians of the rounds. On a shared machine the ratio within one run is
 * what to read.
 * Usage: DATABASE_URL=postgres://… npx tsx bench/session-cache.ts   (after bench/generate.ts)
 * ROUNDS (3), SECONDS (5) and CONNECTIONS (10) change the run.
 */
import { buildApp } from '../apps/server/src/app.ts';
import { readConfig } from '../apps/server/src/config.ts';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/demo-data.ts';
import type { LoadResult } from './load.ts';
import { measure, median } from './measure.ts';
import { RUN } from './product-vs-bare.ts';

const config = readConfig();
if (!config.databaseUrl)
  throw new Error('Defina DATABASE_URL (PostgreSQL) com os dados de bench/generate.ts.');

async function server(sessionCache: boolean) {
  const app = await buildApp({ ...config, sessionCache, logLevel: 'warn', webDist: undefined });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const login = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'celula@demo.portal', password: DEMO_PASSWORD }),
  });
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  return { app, url, headers };
}

const servers = { 'com cache': await server(true), 'sem cache': await server(false) };
const scenarios = [
  {
    name: 'validar-unidade (1M na base)',
    path: '/api/novas-unidades/validar-unidade',
    body: { unidade: '3000123456' },
  },
  {
    name: 'lista, página 1, célula',
    path: '/api/novas-unidades/list',
    body: { page: 1, per_page: 10 },
  },
];

const results = new Map<string, LoadResult[]>();
for (let round = 1; round <= RUN.rounds; round++) {
  for (const scenario of scenarios) {
    for (const [label, s] of Object.entries(servers)) {
      const plan = {
        url: `${s.url}${scenario.path}`,
        headers: { ...s.headers },
        body: scenario.body,
        connections: RUN.connections,
        seconds: RUN.seconds,
      };
      const key = `${scenario.name}|${label}`;
      results.set(key, [...(results.get(key) ?? []), await measure(plan)]);
    }
  }
  console.log(`rodada ${round} de ${RUN.rounds} concluída`);
}

console.log(
  `${RUN.connections} conexões, ${RUN.seconds} s por medida, mediana de ${RUN.rounds} rodadas alternando com e sem cache`,
);
console.log('| cenário | com cache req/s | p50 | p95 | p99 | sem cache req/s | p95 | com ÷ sem | erros |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const scenario of scenarios) {
  const on = results.get(`${scenario.name}|com cache`)!;
  const off = results.get(`${scenario.name}|sem cache`)!;
  const m = (runs: LoadResult[], pick: (r: LoadResult) => number) => median(runs.map(pick));
  const rpsOn = m(on, (r) => r.perSecond);
  const rpsOff = m(off, (r) => r.perSecond);
  console.log(
    `| ${scenario.name} | ${Math.round(rpsOn)} | ${m(on, (r) => r.p50)} ms | ${m(on, (r) => r.p95)} ms | ${m(on, (r) => r.p99)} ms | ` +
      `${Math.round(rpsOff)} | ${m(off, (r) => r.p95)} ms | ${(rpsOn / rpsOff).toFixed(2)}× | ${m(on, (r) => r.errors) + m(off, (r) => r.errors)} |`,
  );
}
const { hits, misses } = servers['com cache'].app.sessionCache.stats();
console.log(`cache: ${hits} acertos, ${misses} faltas`);
await Promise.all(Object.values(servers).map((s) => s.app.close()));
