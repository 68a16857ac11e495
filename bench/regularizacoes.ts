/**
 * Load benchmark of the regularization list (/consolidacao) with N open records.
 * Usage: DATABASE_URL=postgres://… npx tsx bench/regularizacoes.ts 100000
 * Fills the bench database up to N regularizations (energy, open, both types) the first time,
 * starts the real app in this process and drives it with autocannon over loopback.
 */
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { readConfig } from '../apps/server/src/config.ts';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/demo-data.ts';

const records = Number(process.argv[2] ?? 100_000);
const app = await buildApp({ ...readConfig(), seedDemo: true, logLevel: 'warn', webDist: undefined });

const [{ n }] = (await app.db.execute(sql`select count(*)::int as n from regularizacoes`)).rows as [
  { n: number },
];
if (n < records) {
  // Open records (0–3) on distinct units, as a year of imports would leave them.
  await app.db.execute(sql`
    insert into regularizacoes (fluxo, tipo_divergencia, status, unidade, endereco_id, uf, cnpj_fatura, razao_social_fatura)
    select 'energia', 1 + (i % 2), (i % 4), 'R' || lpad(i::text, 9, '0'), 'SP' || lpad((i % 1000000)::text, 7, '0'),
           'SP', '11222333000181', 'Outra Razão Social Ltda.'
    from generate_series(${n + 1}::int, ${records}::int) as i`);
  // As autovacuum leaves a table at rest: statistics and the visibility map of index-only scans.
  await app.db.execute(sql`vacuum analyze regularizacoes`);
}

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const login = await fetch(`${base}/api/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'celula@demo.portal', password: DEMO_PASSWORD }),
});
const { token } = (await login.json()) as { token: string };

const scenarios: [string, unknown][] = [
  ['página 1 (10, mais recentes)', { page: 1, per_page: 10 }],
  ['filtro de status (0 Divergente)', { page: 1, per_page: 10, status: 0 }],
  ['busca rápida por prefixo da unidade', { page: 1, per_page: 10, q: 'R00001234' }],
  ['ordenada por unidade', { page: 1, per_page: 10, sort: 'unidade', order: 'asc' }],
  ['página 1000 (50 por página)', { page: 1000, per_page: 50 }],
];

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 4);
console.log(`${records.toLocaleString('pt-BR')} regularizações, ${CONNECTIONS} conexões, 10 s por cenário`);
console.log('| cenário | req/s (média) | latência p50 | latência p97,5 | latência p99 | erros |');
console.log('|---|---|---|---|---|---|');
for (const [name, body] of scenarios) {
  const result = await autocannon({
    url: `${base}/api/consolidacao/list`,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
    connections: CONNECTIONS,
    duration: 10,
  });
  const errors = result.errors + result.non2xx;
  console.log(
    `| ${name} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} ms | ${result.latency.p97_5} ms | ${result.latency.p99} ms | ${errors} |`,
  );
}
await app.close();
