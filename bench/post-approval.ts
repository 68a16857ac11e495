/**
 * Load benchmark of the post-approval lists (issue 14: /validacao-uc, /validacao-final-uc,
 * /acompanhamento-uc-nova) at a million requests: page 1 of each list with each filter, for the
 * provider's operator (amee) and the administrator, each scenario alternated with a bare route
 * sending the same SQL (bench/bare-route.ts).
 * Usage: DATABASE_URL=postgres://… npx tsx bench/post-approval.ts   (after bench/generate.ts)
 * ROUNDS (3), SECONDS (5) and CONNECTIONS (10) change the run (product-vs-bare.ts); the medians of
 * the rounds are printed.
 */
import { sql } from 'drizzle-orm';
import { recordStatements } from './bare-route.ts';
import { alternate, printTable, startProductAndBare, type Measured } from './product-vs-bare.ts';

const { app, product, bare, headersOf, close } = await startProductAndBare();

const [{ requests, staged }] = (
  await app.db.execute(sql`
    select (select count(*) from solicitacoes)::int as requests,
           (select count(*) from solicitacoes where pos_etapa is not null)::int as staged`)
).rows as [{ requests: number; staged: number }];

const users: [string, string][] = [
  ['amee', 'amee@demo.portal'],
  ['admin', 'admin@demo.portal'],
];
const lists = ['pre-validacao', 'validacao-final', 'acompanhamento'];
const filters = ['aguardando', 'ultima-semana', 'ativas', 'todas'];
const scenarios = users.flatMap(([who, email]) =>
  lists.flatMap((lista) =>
    filters.map((filtro) => ({
      name: `${lista}, ${filtro}, ${who}`,
      email,
      body: { page: 1, per_page: 10, lista, filtro },
    })),
  ),
);

const LIST = '/api/pos-aprovacao/list';
const measured: Measured[] = [];
const totals = new Map<string, number>();
for (const scenario of scenarios) {
  const headers = await headersOf(scenario.email);
  const call = () =>
    fetch(`${product}${LIST}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(scenario.body),
    }).then((r) => r.text());
  // Warm, and the answer checked: a refused call would measure an error page.
  const reply = JSON.parse(await call()) as { error: number; total?: number };
  if (reply.error !== 0) throw new Error(`${scenario.name}: ${JSON.stringify(reply)}`);
  totals.set(scenario.name, reply.total!);
  bare.register(scenario.name, await recordStatements(call));
  measured.push({ name: scenario.name, url: `${product}${LIST}`, headers, body: scenario.body });
}

const results = await alternate(bare.url, measured);
console.log(
  `${requests.toLocaleString('pt-BR')} solicitações, ${staged.toLocaleString('pt-BR')} nas etapas depois da aprovação`,
);
printTable(results, ['lista, filtro, usuário', 'total'], (name) => [name, String(totals.get(name))]);
await close();
