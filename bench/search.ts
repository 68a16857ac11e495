/**
 * Load benchmark of the search by anything (issue 34): GET /api/busca (the top bar: the four
 * request forms and both regularization lists, the newest few of each) and the request list's box
 * with the same condition, beside the bare list page (no search) as the reference, each scenario
 * alternated with a bare route sending the same SQL (bench/bare-route.ts), as bench/list.ts does.
 * Usage: DATABASE_URL=postgres://… npx tsx bench/search.ts   (after bench/generate.ts [N])
 * ROUNDS (3), SECONDS (5) and CONNECTIONS (10) change the run; ONLY (a regular expression) keeps
 * the scenarios it names. Goal: p95 ≤ 50 ms at 1,000,000 requests.
 */
import {
  alternate,
  prepareScenarios,
  printTable,
  startProductAndBare,
  type Scenario,
} from './product-vs-bare.ts';

const started = await startProductAndBare();
const { bare, close } = started;

const LIST = '/api/novas-unidades/list';
const busca = (q: string) => `/api/busca?q=${encodeURIComponent(q)}`;
const scenarios: Scenario[] = [
  // The reference: the bare list page the search is compared with.
  {
    name: 'lista, página 1 sem busca, célula',
    email: 'celula@demo.portal',
    path: LIST,
    body: { page: 1, per_page: 10 },
  },
  // The top bar's search (generate.ts: units UC0000000001…, address ids END000000001…, meters
  // M0…M99999, every request at Avenida Paulista, Bela Vista, São Paulo under CNPJ 48.392.015/0001-79).
  {
    name: 'busca geral, unidade inteira (1 linha), célula',
    email: 'celula@demo.portal',
    path: busca('UC0000123457'),
  },
  {
    name: 'busca geral, parte do Endereço ID (1.000 linhas), célula',
    email: 'celula@demo.portal',
    path: busca('END000123'),
  },
  { name: 'busca geral, medidor (10 linhas), célula', email: 'celula@demo.portal', path: busca('M12345') },
  {
    name: 'busca geral, rua sem acento (todas), célula',
    email: 'celula@demo.portal',
    path: busca('paulista'),
  },
  {
    name: 'busca geral, cidade sem acento (todas), célula',
    email: 'celula@demo.portal',
    path: busca('sao paulo'),
  },
  {
    name: 'busca geral, CNPJ com máscara (todas), célula',
    email: 'celula@demo.portal',
    path: busca('48.392.015'),
  },
  {
    name: 'busca geral, nome da autora de todas (ana), célula',
    email: 'celula@demo.portal',
    path: busca('ana'),
  },
  { name: 'busca geral, nada encontrado (zzzq), célula', email: 'celula@demo.portal', path: busca('zzzq') },
  {
    name: 'busca geral, duas palavras (paulista 1234), célula',
    email: 'celula@demo.portal',
    path: busca('paulista 1234'),
  },
  { name: 'busca geral, rua sem acento, regional', email: 'regional@demo.portal', path: busca('paulista') },
  {
    name: 'busca geral, parte do Endereço ID, regional',
    email: 'regional@demo.portal',
    path: busca('END000123'),
  },
  {
    name: 'busca geral, rua sem acento, solicitante',
    email: 'solicitante@demo.portal',
    path: busca('paulista'),
  },
  {
    name: 'busca geral, dois caracteres (UC: início dos ids), célula',
    email: 'celula@demo.portal',
    path: busca('UC'),
  },
  // The list's own box, the same condition (page and capped total).
  {
    name: 'lista, busca parte do Endereço ID, célula',
    email: 'celula@demo.portal',
    path: LIST,
    body: { page: 1, per_page: 10, q: 'END000123' },
  },
  {
    name: 'lista, busca rua sem acento (todas), célula',
    email: 'celula@demo.portal',
    path: LIST,
    body: { page: 1, per_page: 10, q: 'paulista' },
  },
  {
    name: 'lista, busca CNPJ com máscara (todas), célula',
    email: 'celula@demo.portal',
    path: LIST,
    body: { page: 1, per_page: 10, q: '48.392.015' },
  },
  {
    name: 'lista, busca contida rara (0012345), célula',
    email: 'celula@demo.portal',
    path: LIST,
    body: { page: 1, per_page: 10, q: '0012345' },
  },
];

const measured = await prepareScenarios(started, scenarios);
printTable(await alternate(bare.url, measured));
await close();
