/**
 * Load benchmark of the audit trail /logs (issue 14) at a million entries: page 1 and page 100 of
 * the list with no filter and filtered by user, entity, action, period and entity + action, as an
 * administrator, each scenario alternated with a bare route sending the same SQL
 * (bench/bare-route.ts).
 * The list reads its page and total in one read-only transaction, on one pooled client: the
 * statements are recorded from the client (recordStatements sees the pool's only), and the bare
 * route sends them without the transaction's begin and commit.
 * Usage: DATABASE_URL=postgres://… npx tsx bench/logs.ts   (after bench/generate.ts)
 * ROUNDS (3), SECONDS (5) and CONNECTIONS (10) change the run (product-vs-bare.ts); the medians of
 * the rounds are printed.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Recording } from './bare-route.ts';
import { alternate, printTable, startProductAndBare, type Measured } from './product-vs-bare.ts';

const { app, product, bare, headersOf, close } = await startProductAndBare();
const headers = await headersOf('admin@demo.portal');

const [{ entries, reviewer }] = (
  await app.db.execute(sql`
    select (select count(*) from audit_log)::int as entries,
           (select id from usuarios where email = 'celula@demo.portal') as reviewer`)
).rows as [{ entries: number; reviewer: number }];

/** What the product sends while `call` runs, transactions' statements included, begin and commit left out. */
async function recordStatements(call: () => Promise<unknown>): Promise<Recording> {
  const recording: Recording = [];
  let running = 0;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0];
    const { name, text } =
      typeof config === 'string'
        ? { name: undefined, text: config }
        : (config as { name?: string; text: string });
    const values = Array.isArray(args[1]) ? args[1] : ((config as { values?: unknown[] }).values ?? []);
    const control = /^\s*(begin|commit|rollback)\b/i.test(text);
    if (!control) {
      if (running === 0) recording.push([]);
      recording.at(-1)!.push({ name, text, values });
    }
    running++;
    const done = () => running--;
    const callback = args.findIndex((a) => typeof a === 'function');
    if (callback >= 0) {
      const original = args[callback] as (...r: unknown[]) => void;
      args[callback] = (...r: unknown[]) => {
        done();
        original(...r);
      };
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    }
    const result = (query as (...a: unknown[]) => Promise<unknown>).apply(this, args);
    return result.finally(done);
  } as typeof query;
  try {
    await call();
  } finally {
    pg.Client.prototype.query = query;
  }
  return recording;
}

/** A month a year back, in Brasília calendar days as the screen sends them. */
const day = (daysAgo: number) =>
  new Date(Date.now() - daysAgo * 86_400_000 - 3 * 3_600_000).toISOString().slice(0, 10);
const filters: [string, object][] = [
  ['sem filtro', {}],
  ['por usuário (célula)', { id_usuario: reviewer }],
  ['por entidade (regularização de energia)', { entidade: 'regularizacao.energia' }],
  ['por ação (confirmação na base)', { acao: 'confirmar-na-base' }],
  ['por período (30 dias, um ano atrás)', { de: day(395), ate: day(365) }],
  [
    'entidade + ação (energia nova, pré-validação)',
    { entidade: 'solicitacao.energia.nova', acao: 'pre-validar' },
  ],
  ['entidade + ação, rara (usuário, cadastro)', { entidade: 'usuario', acao: 'criar' }],
];
const scenarios: { name: string; body: Record<string, unknown> }[] = filters.flatMap(([name, filter]) => [
  { name: `${name}, página 1`, body: { page: 1, per_page: 10, ...filter } },
  { name: `${name}, página 100`, body: { page: 100, per_page: 10, ...filter } },
]);

const LIST = '/api/logs/list';
/** The screen pages forward with the last row it shows (`apos`): page 100 after page 99's last row. */
for (const [name, filter] of [filters[4]!, filters[6]!]) {
  const before = await fetch(`${product}${LIST}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ page: 99, per_page: 10, ...filter }),
  }).then((r) => r.json() as Promise<{ dados: { id: number }[] }>);
  const last = before.dados.at(-1);
  if (last)
    scenarios.push({
      name: `${name}, página 100 seguindo da anterior`,
      body: { page: 100, per_page: 10, ...filter, apos: last.id },
    });
}
const measured: Measured[] = [];
const totals = new Map<string, string>();
for (const scenario of scenarios) {
  const call = () =>
    fetch(`${product}${LIST}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(scenario.body),
    }).then((r) => r.text());
  // Warm, and the answer checked: a refused filter would measure an error page.
  const reply = JSON.parse(await call()) as { error: number; total?: number; total_limitado?: boolean };
  if (reply.error !== 0) throw new Error(`${scenario.name}: ${JSON.stringify(reply)}`);
  totals.set(scenario.name, `${reply.total_limitado ? 'mais de ' : ''}${reply.total}`);
  bare.register(scenario.name, await recordStatements(call));
  measured.push({ name: scenario.name, url: `${product}${LIST}`, headers, body: scenario.body });
}

const results = await alternate(bare.url, measured);
console.log(`${entries.toLocaleString('pt-BR')} registros de auditoria, administrador`);
printTable(results, ['cenário', 'total na tela'], (name) => [name, totals.get(name)!]);
await close();
