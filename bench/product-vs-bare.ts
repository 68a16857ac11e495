/**
 * What the benches that measure the product against a bare route share (list.ts, search.ts,
 * logs.ts, post-approval.ts): the run's settings, the product and the bare route started on DATABASE_URL,
 * the demo users' sign-ins, the rounds alternating the two, and the table of their medians.
 */
import { buildApp } from '../apps/server/src/app.ts';
import { readConfig } from '../apps/server/src/config.ts';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/demo-data.ts';
import { recordStatements, startBareRoute } from './bare-route.ts';
import type { LoadResult } from './load.ts';
import { measure, median } from './measure.ts';

/** ROUNDS (3), SECONDS (5) and CONNECTIONS (10) change the run. */
export const RUN = {
  rounds: Number(process.env.ROUNDS ?? 3),
  seconds: Number(process.env.SECONDS ?? 5),
  connections: Number(process.env.CONNECTIONS ?? 10),
};

export async function startProductAndBare() {
  const config = readConfig();
  if (!config.databaseUrl)
    throw new Error('Defina DATABASE_URL (PostgreSQL) com os dados de bench/generate.ts.');
  const app = await buildApp({ ...config, logLevel: 'warn', webDist: undefined });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const product = `http://127.0.0.1:${port}`;
  const bare = await startBareRoute(config.databaseUrl);

  const tokens = new Map<string, string>();
  /** The bearer header of a demo user, signed in once. */
  async function headersOf(email: string) {
    if (!tokens.has(email)) {
      const login = await fetch(`${product}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: DEMO_PASSWORD }),
      });
      tokens.set(email, ((await login.json()) as { token: string }).token);
    }
    return { authorization: `Bearer ${tokens.get(email)!}` };
  }

  return {
    app,
    product,
    bare,
    headersOf,
    async close() {
      await bare.close();
      await app.close();
    },
  };
}

export interface Measured {
  name: string;
  /** The product's address; the bare route answers the same name with the recorded statements. */
  url: string;
  headers: Record<string, string>;
  body?: unknown;
}

export type Results = Map<string, { product: LoadResult[]; bare: LoadResult[] }>;

/** A call to measure: a GET of `path`, or a POST of `body` to it, as a demo user. */
export interface Scenario {
  name: string;
  email: string;
  path: string;
  body?: unknown;
}

/**
 * Readies the scenarios ONLY (a regular expression) names, all by default: each called once to
 * warm its session and to record the statements the bare route replays under its name. A scenario
 * that does not answer 200 stops the bench: its timings would measure a refusal.
 */
export async function prepareScenarios(
  { product, bare, headersOf }: Awaited<ReturnType<typeof startProductAndBare>>,
  scenarios: Scenario[],
): Promise<Measured[]> {
  const only = process.env.ONLY ? new RegExp(process.env.ONLY) : undefined;
  const measured: Measured[] = [];
  for (const scenario of scenarios.filter((s) => !only || only.test(s.name))) {
    const headers = await headersOf(scenario.email);
    const call = () =>
      fetch(`${product}${scenario.path}`, {
        method: scenario.body === undefined ? 'GET' : 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: scenario.body === undefined ? undefined : JSON.stringify(scenario.body),
      }).then(async (r) => {
        const text = await r.text();
        if (r.status !== 200) throw new Error(`${scenario.name}: ${r.status} ${text}`);
        return text;
      });
    await call(); // warm: the session's last-seen time is written at most once a minute
    bare.register(scenario.name, await recordStatements(call));
    measured.push({ name: scenario.name, url: `${product}${scenario.path}`, headers, body: scenario.body });
  }
  return measured;
}

/** RUN.rounds rounds, each measuring every scenario on the product and then on the bare route. */
export async function alternate(bareUrl: (name: string) => string, scenarios: Measured[]): Promise<Results> {
  const results: Results = new Map(scenarios.map((s) => [s.name, { product: [], bare: [] }]));
  for (let round = 1; round <= RUN.rounds; round++) {
    for (const scenario of scenarios) {
      const plan = {
        body: scenario.body,
        headers: scenario.headers,
        connections: RUN.connections,
        seconds: RUN.seconds,
      };
      const result = results.get(scenario.name)!;
      result.product.push(await measure({ ...plan, url: scenario.url }));
      result.bare.push(await measure({ ...plan, url: bareUrl(scenario.name) }));
    }
    console.error(`rodada ${round} de ${RUN.rounds} concluída`);
  }
  return results;
}

/** The table of medians: the scenario's own columns (`columns`, filled by `cells`), then the measures. */
export function printTable(
  results: Results,
  columns: string[] = ['cenário'],
  cells: (name: string) => string[] = (name) => [name],
) {
  console.log(
    `${RUN.connections} conexões, ${RUN.seconds} s por medida, mediana de ${RUN.rounds} rodadas alternando produto e rota nua`,
  );
  const header = [
    ...columns,
    'produto req/s',
    'p50',
    'p95',
    'p99',
    'rota nua req/s',
    'p95',
    'produto ÷ nua',
    'erros',
  ];
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${'---|'.repeat(header.length)}`);
  for (const [name, { product: p, bare: b }] of results) {
    const rps = median(p.map((r) => r.perSecond));
    const bareRps = median(b.map((r) => r.perSecond));
    const errors = [...p, ...b].reduce((sum, r) => sum + r.errors, 0);
    const row = [
      ...cells(name),
      rps,
      `${median(p.map((r) => r.p50))} ms`,
      `${median(p.map((r) => r.p95))} ms`,
      `${median(p.map((r) => r.p99))} ms`,
      bareRps,
      `${median(b.map((r) => r.p95))} ms`,
      `${(rps / bareRps).toFixed(2)}×`,
      errors,
    ];
    console.log(`| ${row.join(' | ')} |`);
  }
}
