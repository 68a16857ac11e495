import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Flow, Kind, SessionUser } from '@portal/domain';
import type { DbOrTx } from '../../db/client.ts';
import { regularizacoes, solicitacoes, statusRotulos } from '../../db/schema.ts';
import {
  REGULARIZATION_SEARCH,
  REQUEST_SEARCH,
  searchCondition,
  type ResolvedSearch,
} from '../../db/text-search.ts';
import { scopeOf } from '../../requests-core/scope-repo.ts';

/** What a hit shows, and what orders and groups it. */
const requestHit = {
  id: solicitacoes.id,
  fluxo: solicitacoes.fluxo,
  tipo: solicitacoes.tipo,
  data: solicitacoes.dataPedido,
  status: solicitacoes.status,
  unidade: solicitacoes.unidade,
  endereco_id: solicitacoes.enderecoId,
  site_id: solicitacoes.siteId,
  endereco: solicitacoes.endereco,
  numero: solicitacoes.numero,
  bairro: solicitacoes.bairro,
  cidade: solicitacoes.municipio,
  uf: solicitacoes.uf,
};
const regularizationHit = {
  id: regularizacoes.id,
  fluxo: regularizacoes.fluxo,
  tipo: sql<string>`'regularizacao'`,
  data: regularizacoes.cadastrado,
  status: sql<number>`coalesce(${regularizacoes.status}, 0)`,
  unidade: regularizacoes.unidade,
  endereco_id: regularizacoes.enderecoId,
  site_id: regularizacoes.siteId,
  endereco: regularizacoes.endereco,
  numero: regularizacoes.numero,
  bairro: regularizacoes.bairro,
  cidade: regularizacoes.cidade,
  uf: regularizacoes.uf,
};

export type SearchRow = {
  id: number;
  fluxo: Flow;
  tipo: string;
  data: Date;
  status: number;
  unidade: string | null;
  endereco_id: string | null;
  site_id: string | null;
  endereco: string | null;
  numero: string | null;
  bairro: string | null;
  cidade: string | null;
  uf: string | null;
};

const ofForms = (forms: { flow: Flow; kind: Kind }[]) =>
  forms.length === 4
    ? undefined
    : or(...forms.map((f) => and(eq(solicitacoes.fluxo, f.flow), eq(solicitacoes.tipo, f.kind))));

/**
 * Up to `cap` matches of the forms, in no order, within the session's scope (the lists' single
 * scope builder): one lookup of the search index for every form at once. Fewer than `cap` is every
 * match, grouped and ordered by the caller; `cap` of them means a broad text (newestRequests).
 */
export const requestMatches = (
  db: DbOrTx,
  user: SessionUser,
  forms: { flow: Flow; kind: Kind }[],
  search: ResolvedSearch,
  cap: number,
): Promise<SearchRow[]> =>
  db
    .select(requestHit)
    .from(solicitacoes)
    .where(and(scopeOf(user), ofForms(forms), searchCondition(REQUEST_SEARCH, search)))
    .limit(cap);

/** A form's newest matches (a broad text: read in date order until enough match). */
export const newestRequests = (
  db: DbOrTx,
  user: SessionUser,
  form: { flow: Flow; kind: Kind },
  search: ResolvedSearch,
  limit: number,
): Promise<SearchRow[]> =>
  db
    .select(requestHit)
    .from(solicitacoes)
    .where(
      and(
        scopeOf(user),
        eq(solicitacoes.fluxo, form.flow),
        eq(solicitacoes.tipo, form.kind),
        searchCondition(REQUEST_SEARCH, search),
      ),
    )
    .orderBy(desc(solicitacoes.dataPedido), desc(solicitacoes.id))
    .limit(limit);

/** Up to `cap` matching regularizations of the flows (whoever opens the list sees all of them). */
export const regularizationMatches = (
  db: DbOrTx,
  flows: Flow[],
  search: ResolvedSearch,
  cap: number,
): Promise<SearchRow[]> =>
  db
    .select(regularizationHit)
    .from(regularizacoes)
    .where(and(inArray(regularizacoes.fluxo, flows), searchCondition(REGULARIZATION_SEARCH, search)))
    .limit(cap);

/** A flow's newest matching regularizations (a broad text). */
export const newestRegularizations = (
  db: DbOrTx,
  flow: Flow,
  search: ResolvedSearch,
  limit: number,
): Promise<SearchRow[]> =>
  db
    .select(regularizationHit)
    .from(regularizacoes)
    .where(and(eq(regularizacoes.fluxo, flow), searchCondition(REGULARIZATION_SEARCH, search)))
    .orderBy(desc(regularizacoes.id))
    .limit(limit);

/** The administrators' names of the statuses (status_rotulos), every form's in one read. */
export const statusNames = (db: DbOrTx) =>
  db
    .select({
      fluxo: statusRotulos.fluxo,
      tipo: statusRotulos.tipo,
      codigo: statusRotulos.codigo,
      rotulo: statusRotulos.rotulo,
    })
    .from(statusRotulos);
