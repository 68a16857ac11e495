/**
 * The reports at production size (issue 13): a report page for each reading role, and the export
 * streamed to the end, with the time to the first byte, the rate, and the server's memory while it
 * writes (sampled every 50 ms), for a small filter and for every row, so growth with the row count
 * would show.
 * Usage: DATABASE_URL=postgres://… npx tsx bench/export.ts   (after bench/generate.ts)
 */
import { buildApp } from '../apps/server/src/app.ts';
import { readConfig } from '../apps/server/src/config.ts';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/demo-data.ts';
import { median } from './measure.ts';

const config = readConfig();
if (!config.databaseUrl)
  throw new Error('Defina DATABASE_URL (PostgreSQL) com os dados de bench/generate.ts.');
const app = await buildApp({ ...config, logLevel: 'warn', webDist: undefined });
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as { port: number };
const base = `http://127.0.0.1:${port}/api`;

async function tokenOf(email: string) {
  const login = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  return ((await login.json()) as { token: string }).token;
}
const tokens = {
  celula: await tokenOf('celula@demo.portal'),
  regional: await tokenOf('regional@demo.portal'),
};

/** p50 and p95 of one report call, sent one after the other. */
async function pageLatency(token: string, body: object, runs = 40) {
  const times: number[] = [];
  for (let i = 0; i < runs + 5; i++) {
    const started = performance.now();
    const res = await fetch(`${base}/novas-unidades/relatorio`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    await res.arrayBuffer();
    if (i >= 5) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: median(times), p95: times[Math.floor(times.length * 0.95)]! };
}

/** One export read to its end, with the server's resident memory sampled while it runs. */
async function exportRun(token: string, query: string) {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const started = performance.now();
  const res = await fetch(`${base}/novas-unidades/relatorio/exportar?${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const rows = Number(res.headers.get('x-total-registros'));
  const reader = res.body!.getReader();
  let firstByte = 0;
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!firstByte) firstByte = performance.now() - started;
    bytes += value.byteLength;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  return {
    rows,
    firstByteMs: Math.round(firstByte),
    seconds: Number(seconds.toFixed(1)),
    rowsPerSecond: Math.round(rows / seconds),
    megabytes: Number((bytes / 1_048_576).toFixed(1)),
    rssGrowthMb: Math.round((peak - before) / 1_048_576),
  };
}

const pages = {
  'página 1, célula': await pageLatency(tokens.celula, { page: 1, per_page: 10 }),
  'página 1, regional': await pageLatency(tokens.regional, { page: 1, per_page: 10 }),
  'página 1 de 50, célula, período de 30 dias': await pageLatency(tokens.celula, {
    page: 1,
    per_page: 50,
    de: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10),
  }),
  'busca por Endereço ID, célula': await pageLatency(tokens.celula, { q: 'END000500001' }),
};
console.table(
  Object.entries(pages).map(([cenario, r]) => ({
    cenario,
    'p50 ms': r.p50.toFixed(1),
    'p95 ms': r.p95.toFixed(1),
  })),
);

const exports = {
  'xlsx, um status (célula)': await exportRun(tokens.celula, 'status=1'),
  'csv, um status (célula)': await exportRun(tokens.celula, 'status=1&formato=csv'),
  'xlsx, todas (célula)': await exportRun(tokens.celula, ''),
  'csv, todas (célula)': await exportRun(tokens.celula, 'formato=csv'),
  'xlsx, todas (regional)': await exportRun(tokens.regional, ''),
};
console.table(Object.entries(exports).map(([cenario, r]) => ({ cenario, ...r })));
await app.close();
