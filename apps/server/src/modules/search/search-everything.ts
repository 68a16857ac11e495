import {
  canSee,
  editPathFor,
  formAccessProblem,
  REGULARIZATION_STATUSES,
  REGULARIZATION_TITLES,
  regularizationStatusOf,
  requestForm,
  statusLabel,
  type Flow,
  type Kind,
  type SessionUser,
} from '@portal/domain';
import { REGULARIZATION_MENU } from '@portal/domain/contracts/calls/regularization';
import {
  SEARCH_GROUP_LIMIT,
  type SearchGroup,
  type SearchGroupKey,
  type SearchHit,
} from '@portal/domain/contracts/search';
import type { DbOrTx } from '../../db/client.ts';
import { resolveSearch } from '../../db/text-search.ts';
import {
  newestRegularizations,
  newestRequests,
  regularizationMatches,
  requestMatches,
  statusNames,
  type SearchRow,
} from './repo.ts';

const REQUEST_GROUPS: { key: SearchGroupKey; flow: Flow; kind: Kind }[] = [
  { key: 'energia.nova', flow: 'energia', kind: 'nova' },
  { key: 'energia.troca', flow: 'energia', kind: 'troca' },
  { key: 'agua.nova', flow: 'agua', kind: 'nova' },
  { key: 'agua.troca', flow: 'agua', kind: 'troca' },
];
const REGULARIZATION_GROUPS: { key: SearchGroupKey; flow: Flow; path: string }[] = [
  { key: 'consolidacao.energia', flow: 'energia', path: '/consolidacao' },
  { key: 'consolidacao.agua', flow: 'agua', path: '/agua/consolidacao' },
];

/**
 * How many matches are read at once, in no order, before a text counts as broad: fewer, and they
 * are every match, grouped and ordered here (one lookup of the search index for every form);
 * that many, and each form's newest are read in date order instead, where they are dense.
 */
const CANDIDATES = 500;
const SHOWN = SEARCH_GROUP_LIMIT + 1;

/** One line that tells records apart: address, district, city/UF and the ids not in the title. */
function detailOf(row: SearchRow, titled: string): string {
  const street = [row.endereco, row.numero].filter(Boolean).join(', ');
  const city = [row.cidade, row.uf].filter(Boolean).join('/');
  const ids = [
    row.endereco_id && row.endereco_id !== titled ? `End. ID ${row.endereco_id}` : null,
    row.site_id ? `Site ID ${row.site_id}` : null,
  ];
  return [street, row.bairro, city, ...ids].filter(Boolean).join(' · ');
}

const hitOf = (row: SearchRow, label: string, link: string): SearchHit => {
  const titulo = row.unidade ?? row.endereco_id ?? `Nº ${row.id}`;
  return {
    id: row.id,
    status: row.status,
    status_rotulo: label,
    titulo,
    detalhe: detailOf(row, titulo),
    link,
  };
};

const withList = (path: string, q: string) => `${path}?q=${encodeURIComponent(q)}`;
const newestFirst = (a: SearchRow, b: SearchRow) => b.data.getTime() - a.data.getTime() || b.id - a.id;

/** Each group's newest rows: from every match when they were all read, else read per group. */
async function newestPerGroup<G extends { key: SearchGroupKey }>(
  groups: G[],
  all: () => Promise<SearchRow[]>,
  belongs: (group: G, row: SearchRow) => boolean,
  newest: (group: G) => Promise<SearchRow[]>,
): Promise<Map<SearchGroupKey, SearchRow[]>> {
  if (groups.length === 0) return new Map();
  const matches = await all();
  if (matches.length < CANDIDATES)
    return new Map(
      groups.map((g) => [
        g.key,
        matches
          .filter((r) => belongs(g, r))
          .sort(newestFirst)
          .slice(0, SHOWN),
      ]),
    );
  return new Map(await Promise.all(groups.map(async (g) => [g.key, await newest(g)] as const)));
}

/**
 * The top bar's search (issue 34): the text over every request form and regularization list the
 * user may open (the rule of each one's menu entry, as its own calls check), the requests within
 * the session's scope, the newest few of each; the groups without a match are left out.
 */
export async function searchEverything(db: DbOrTx, user: SessionUser, q: string) {
  const search = await resolveSearch(db, q);
  const forms = REQUEST_GROUPS.filter((g) => formAccessProblem(user, g.flow, g.kind) === null);
  const flows = REGULARIZATION_GROUPS.filter((g) => canSee(user, REGULARIZATION_MENU[g.flow]));
  const [requests, regularizations, names] = await Promise.all([
    newestPerGroup(
      forms,
      () => requestMatches(db, user, forms, search, CANDIDATES),
      (g, r) => r.fluxo === g.flow && r.tipo === g.kind,
      (g) => newestRequests(db, user, g, search, SHOWN),
    ),
    newestPerGroup(
      flows,
      () =>
        regularizationMatches(
          db,
          flows.map((g) => g.flow),
          search,
          CANDIDATES,
        ),
      (g, r) => r.fluxo === g.flow,
      (g) => newestRegularizations(db, g.flow, search, SHOWN),
    ),
    statusNames(db),
  ]);
  // The administrators' names of the statuses, as the lists show them.
  const named = (flow: Flow, tipo: string, code: number) =>
    names.find((n) => n.fluxo === flow && n.tipo === tipo && n.codigo === code)?.rotulo;

  const groups: SearchGroup[] = [
    ...forms.map((g) => {
      const form = requestForm(g.flow, g.kind);
      const rows = requests.get(g.key) ?? [];
      return {
        grupo: g.key,
        titulo: form.title,
        itens: rows
          .slice(0, SEARCH_GROUP_LIMIT)
          .map((r) =>
            hitOf(
              r,
              named(g.flow, g.kind, r.status) ?? statusLabel(r.status, g.flow, g.kind),
              editPathFor(form, r.id),
            ),
          ),
        mais: rows.length > SEARCH_GROUP_LIMIT,
        link_lista: withList(form.listPath, q),
      };
    }),
    ...flows.map((g) => {
      const rows = regularizations.get(g.key) ?? [];
      return {
        grupo: g.key,
        titulo: REGULARIZATION_TITLES[g.flow],
        itens: rows.slice(0, SEARCH_GROUP_LIMIT).map((r) => {
          const status = regularizationStatusOf(r.status);
          const label =
            named(g.flow, 'regularizacao', status) ??
            REGULARIZATION_STATUSES.find((s) => s.code === status)?.label ??
            String(status);
          return hitOf(r, label, `${g.path}/cadastro/${r.id}/editar`);
        }),
        mais: rows.length > SEARCH_GROUP_LIMIT,
        link_lista: withList(g.path, q),
      };
    }),
  ];
  return { q, grupos: groups.filter((g) => g.itens.length > 0) };
}
