/**
 * Load benchmark of the request lists, the dashboard and the duplicate check for each role
 * (issue 12), each scenario alternated with a bare route sending the same SQL (bench/bare-route.ts).
 * Usage: DATABASE_URL=postgres://… npx tsx bench/list.ts   (after bench/generate.ts)
 * ROUNDS (3), SECONDS (5) and CONNECTIONS (10) change the run; the medians of the rounds are printed.
 */
import { buildApp } from '../apps/server/src/app.ts';
import { readConfig } from '../apps/server/src/config.ts';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/demo-data.ts';
import { recordStatements, startBareRoute } from './bare-route.ts';
import type { LoadResult } from './load.ts';
import { measure, median } from './measure.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const SECONDS = Number(process.env.SECONDS ?? 5);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);

const config = readConfig();
if (!config.databaseUrl)
  throw new Error('Defina DATABASE_URL (PostgreSQL) com os dados de bench/generate.ts.');
const app = await buildApp({ ...config, logLevel: 'warn', webDist: undefined });
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as { port: number };
const product = `http://127.0.0.1:${port}`;
const bare = await startBareRoute(config.databaseUrl);

const tokens = new Map<string, string>();
async function tokenOf(email: string) {
  if (!tokens.has(email)) {
    const login = await fetch(`${product}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    });
    tokens.set(email, ((await login.json()) as { token: string }).token);
  }
  return tokens.get(email)!;
}

const LIST = '/api/novas-unidades/list';
const scenarios: { name: string; email: string; path: string; body?: unknown }[] = [
  {
    name: 'lista, página 1, célula',
    email: 'celula@demo.portal',
    path: LIST,
    body: { page: 1, per_page: 10 },
  },
  {
    name: 'lista, página 1, regional',
    email: 'regional@demo.portal',
    path: LIST,
    body: { page: 1, per_page: 10 },
  },
  {
    name: 'lista, página 1, solicitante',
    email: 'solicitante@demo.portal',
    path: LIST,
    body: { page: 1, per_page: 10 },
  },
  {
    name: 'lista, filtro de status, célula',
    email: 'celula@demo.portal',
    path: LIST,
    body: { page: 1, per_page: 10, status: 4 },
  },
  {
    name: 'lista, página 20.000, célula',
    email: 'celula@demo.portal',
    path: LIST,
    body: { page: 20_000, per_page: 10 },
  },
  {
    name: 'lista, página 20.000 seguindo da anterior, célula',
    email: 'celula@demo.portal',
    path: LIST,
    // `apos` (the last row of page 19,999) is filled in below, as the web sends it.
    body: { page: 20_000, per_page: 10 },
  },
  {
    name: 'lista, página 1.000 × 50, solicitante',
    email: 'solicitante@demo.portal',
    path: LIST,
    body: { page: 1000, per_page: 50 },
  },
  { name: 'painel /api/home, célula', email: 'celula@demo.portal', path: '/api/home' },
  { name: 'painel /api/home, regional', email: 'regional@demo.portal', path: '/api/home' },
  {
    name: 'validar-unidade (1M na base)',
    email: 'celula@demo.portal',
    path: '/api/novas-unidades/validar-unidade',
    body: { unidade: '3000123456' },
  },
];

/** The web pages forward with the last row it shows: page 19,999's, read through the product. */
const beforeDeepPage = await fetch(`${product}${LIST}`, {
  method: 'POST',
  headers: {
    authorization: `Bearer ${await tokenOf('celula@demo.portal')}`,
    'content-type': 'application/json',
  },
  body: JSON.stringify({ page: 19_999, per_page: 10 }),
}).then((r) => r.json() as Promise<{ dados: { id: number }[] }>);
Object.assign(scenarios.find((s) => s.name.includes('seguindo'))!.body as object, {
  apos: beforeDeepPage.dados.at(-1)!.id,
});

const results = new Map<string, { product: LoadResult[]; bare: LoadResult[] }>();
for (const scenario of scenarios) {
  const headers = { authorization: `Bearer ${await tokenOf(scenario.email)}` };
  const call = () =>
    fetch(`${product}${scenario.path}`, {
      method: scenario.body === undefined ? 'GET' : 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: scenario.body === undefined ? undefined : JSON.stringify(scenario.body),
    }).then((r) => r.text());
  await call(); // warm: the session's last-seen time is written at most once a minute
  bare.register(scenario.name, await recordStatements(call));
  results.set(scenario.name, { product: [], bare: [] });
}

for (let round = 1; round <= ROUNDS; round++) {
  for (const scenario of scenarios) {
    const headers = { authorization: `Bearer ${await tokenOf(scenario.email)}` };
    const plan = { body: scenario.body, headers, connections: CONNECTIONS, seconds: SECONDS };
    const result = results.get(scenario.name)!;
    result.product.push(await measure({ ...plan, url: `${product}${scenario.path}` }));
    result.bare.push(await measure({ ...plan, url: bare.url(scenario.name) }));
  }
  console.error(`rodada ${round} de ${ROUNDS} concluída`);
}

console.log(
  `${CONNECTIONS} conexões, ${SECONDS} s por medida, mediana de ${ROUNDS} rodadas alternando produto e rota nua`,
);
console.log('| cenário | produto req/s | p50 | p95 | p99 | rota nua req/s | p95 | produto ÷ nua | erros |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const [name, { product: p, bare: b }] of results) {
  const rps = median(p.map((r) => r.perSecond));
  const bareRps = median(b.map((r) => r.perSecond));
  const errors = [...p, ...b].reduce((sum, r) => sum + r.errors, 0);
  console.log(
    `| ${name} | ${rps} | ${median(p.map((r) => r.p50))} ms | ${median(p.map((r) => r.p95))} ms | ${median(p.map((r) => r.p99))} ms ` +
      `| ${bareRps} | ${median(b.map((r) => r.p95))} ms | ${(rps / bareRps).toFixed(2)}× | ${errors} |`,
  );
}
await bare.close();
await app.close();
