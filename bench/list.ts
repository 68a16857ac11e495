/**
 * Load benchmark of the request list and the duplicate check on a generated database.
 * Usage: DATABASE_URL=postgres://… npx tsx bench/list.ts   (after bench/generate.ts)
 * Starts the real app in this process on a free port and drives it with autocannon over loopback.
 */
import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app.ts';
import { readConfig } from '../apps/server/src/config.ts';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/demo-data.ts';

const app = await buildApp({ ...readConfig(), logLevel: 'warn', webDist: undefined });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const login = await fetch(`${base}/api/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'celula@demo.portal', password: DEMO_PASSWORD }),
});
const { token } = (await login.json()) as { token: string };

const scenarios: [string, string, unknown][] = [
  ['lista, página 1 (10, mais recentes)', '/api/novas-unidades/list', { page: 1, per_page: 10 }],
  ['lista, filtro de status', '/api/novas-unidades/list', { page: 1, per_page: 10, status: 4 }],
  ['lista, busca rápida por prefixo', '/api/novas-unidades/list', { page: 1, per_page: 10, q: 'UC00001234' }],
  ['lista, página 1000 (50 por página)', '/api/novas-unidades/list', { page: 1000, per_page: 50 }],
  ['validar-unidade (workflow + base)', '/api/novas-unidades/validar-unidade', { unidade: 'UC0000123456' }],
];

console.log('| cenário | req/s (média) | latência p50 | latência p99 | erros |');
console.log('|---|---|---|---|---|');
for (const [name, path, body] of scenarios) {
  const result = await autocannon({
    url: `${base}${path}`,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
    connections: 10,
    duration: 10,
  });
  const errors = result.errors + result.non2xx;
  console.log(`| ${name} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} ms | ${result.latency.p99} ms | ${errors} |`);
}
await app.close();
