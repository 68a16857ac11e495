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
import { statusLabelsOf } from '../admin/status-rotulos/repo.ts';
import { findRegularizations, findRequests } from './repo.ts';

type Row = Awaited<ReturnType<typeof findRequests>>[number];

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

/** One line that tells records apart: address, district, city/UF and the ids not in the title. */
function detailOf(row: Row, titled: string | null): string {
  const street = [row.endereco, row.numero].filter(Boolean).join(', ');
  const city = [row.cidade, row.uf].filter(Boolean).join('/');
  const ids = [
    row.endereco_id && row.endereco_id !== titled ? `End. ID ${row.endereco_id}` : null,
    row.site_id ? `Site ID ${row.site_id}` : null,
  ];
  return [street, row.bairro, city, ...ids].filter(Boolean).join(' · ');
}

const hitOf = (row: Row, label: string, link: string): SearchHit => {
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

const regularizationLabel = (status: number) =>
  REGULARIZATION_STATUSES.find((s) => s.code === regularizationStatusOf(status))?.label ?? String(status);

/**
 * The top bar's search (issue 34): the text over every request form and regularization list the
 * user may open (the rule of each one's menu entry, as its own calls check), each within the
 * session's scope, the newest few of each; the groups without a match are left out.
 */
export async function searchEverything(db: DbOrTx, user: SessionUser, q: string) {
  const search = await resolveSearch(db, q);
  const limit = SEARCH_GROUP_LIMIT + 1;
  const requestGroups = REQUEST_GROUPS.filter((g) => formAccessProblem(user, g.flow, g.kind) === null).map(
    async (g): Promise<SearchGroup> => {
      const form = requestForm(g.flow, g.kind);
      const rows = await findRequests(db, user, g.flow, g.kind, search, limit);
      // The administrators' names of the statuses, as the lists show them (read only for a group with hits).
      const labels = rows.length ? await statusLabelsOf(db, g.flow, g.kind) : new Map<number, string>();
      return {
        grupo: g.key,
        titulo: form.title,
        itens: rows
          .slice(0, SEARCH_GROUP_LIMIT)
          .map((r) =>
            hitOf(r, labels.get(r.status) ?? statusLabel(r.status, g.flow, g.kind), editPathFor(form, r.id)),
          ),
        mais: rows.length > SEARCH_GROUP_LIMIT,
        link_lista: withList(form.listPath, q),
      };
    },
  );
  const regularizationGroups = REGULARIZATION_GROUPS.filter((g) =>
    canSee(user, REGULARIZATION_MENU[g.flow]),
  ).map(async (g): Promise<SearchGroup> => {
    const rows = await findRegularizations(db, g.flow, search, limit);
    const labels = rows.length
      ? await statusLabelsOf(db, g.flow, 'regularizacao')
      : new Map<number, string>();
    return {
      grupo: g.key,
      titulo: REGULARIZATION_TITLES[g.flow],
      itens: rows
        .slice(0, SEARCH_GROUP_LIMIT)
        .map((r) =>
          hitOf(
            r,
            labels.get(regularizationStatusOf(r.status)) ?? regularizationLabel(r.status),
            `${g.path}/cadastro/${r.id}/editar`,
          ),
        ),
      mais: rows.length > SEARCH_GROUP_LIMIT,
      link_lista: withList(g.path, q),
    };
  });
  const groups = await Promise.all([...requestGroups, ...regularizationGroups]);
  return { q, grupos: groups.filter((g) => g.itens.length > 0) };
}
