/**
 * Load benchmark of the request lists, the dashboard and the duplicate check for each role
 * (issue 12), each scenario alternated with a bare route sending the same SQL (bench/bare-route.ts).
 * Usage: DATABASE_URL=postgres://… npx tsx bench/list.ts   (after bench/generate.ts)
 * ROUNDS (3), SECONDS (5) and CONNECTIONS (10) change the run (product-vs-bare.ts); the medians of
 * the rounds are printed. ONLY (a regular expression) keeps the scenarios it names.
 */
import {
  alternate,
  prepareScenarios,
  printTable,
  startProductAndBare,
  type Scenario,
} from './product-vs-bare.ts';

const started = await startProductAndBare();
const { product, bare, headersOf, close } = started;

const LIST = '/api/novas-unidades/list';
const scenarios: Scenario[] = [
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
  // Issue 15: the filters and the contains-search the list's URL carries.
  {
    name: 'lista, busca contida rara (0012345), célula',
    email: 'celula@demo.portal',
    path: LIST,
    body: { page: 1, per_page: 10, q: '0012345' },
  },
  {
    name: 'lista, busca contida comum (99999), célula',
    email: 'celula@demo.portal',
    path: LIST,
    body: { page: 1, per_page: 10, q: '99999' },
  },
  {
    name: 'lista, busca por nome de solicitante (renata), célula',
    email: 'celula@demo.portal',
    path: LIST,
    body: { page: 1, per_page: 10, q: 'renata' },
  },
  {
    name: 'lista, busca de dois caracteres (12: o início dos ids), célula',
    email: 'celula@demo.portal',
    path: LIST,
    body: { page: 1, per_page: 10, q: '12' },
  },
  {
    name: 'lista, busca de dois caracteres ampla (UC: todas as unidades), célula',
    email: 'celula@demo.portal',
    path: LIST,
    body: { page: 1, per_page: 10, q: 'UC' },
  },
  {
    name: 'lista, busca ampla (UC0: todas as unidades), célula',
    email: 'celula@demo.portal',
    path: LIST,
    body: { page: 1, per_page: 10, q: 'UC0' },
  },
  {
    name: 'lista, busca pelo nome da autora de todas (ana), célula',
    email: 'celula@demo.portal',
    path: LIST,
    body: { page: 1, per_page: 10, q: 'ana' },
  },
  {
    name: 'lista, concessionária, célula',
    email: 'celula@demo.portal',
    path: LIST,
    body: { page: 1, per_page: 10, concessionaria: 1 },
  },
  {
    name: 'lista, dois status + regional, regional',
    email: 'regional@demo.portal',
    path: LIST,
    body: { page: 1, per_page: 10, status: [1, 2], regional: 7 },
  },
  {
    name: 'lista, UF SP, célula',
    email: 'celula@demo.portal',
    path: LIST,
    body: { page: 1, per_page: 10, uf: 'SP' },
  },
  {
    name: 'lista, UF RJ (nenhuma), célula',
    email: 'celula@demo.portal',
    path: LIST,
    body: { page: 1, per_page: 10, uf: 'RJ' },
  },
  {
    name: 'lista, período de um mês, célula',
    email: 'celula@demo.portal',
    path: LIST,
    body: { page: 1, per_page: 10, de: '2026-01-01', ate: '2026-01-31' },
  },
  {
    name: 'lista, pela última atualização, célula',
    email: 'celula@demo.portal',
    path: LIST,
    body: { page: 1, per_page: 10, sort: 'atualizado_em', order: 'desc' },
  },
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
  headers: { ...(await headersOf('celula@demo.portal')), 'content-type': 'application/json' },
  body: JSON.stringify({ page: 19_999, per_page: 10 }),
}).then((r) => r.json() as Promise<{ dados: { id: number }[] }>);
Object.assign(scenarios.find((s) => s.name.includes('seguindo'))!.body as object, {
  apos: beforeDeepPage.dados.at(-1)!.id,
});

const measured = await prepareScenarios(started, scenarios);
printTable(await alternate(bare.url, measured));
await close();
