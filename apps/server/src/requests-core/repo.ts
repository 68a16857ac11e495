import {
  and,
  count,
  desc,
  eq,
  getTableName,
  gte,
  inArray,
  lt,
  sql,
  type AnyColumn,
  type SQLWrapper,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  type Flow,
  type Kind,
  type RequestFile,
  type RequestListQuery,
  type RequestListSort,
  type SessionUser,
} from '@portal/domain';
import type { DbOrTx, Tx } from '../db/client.ts';
import {
  anexos,
  auditLog,
  concessionarias,
  empresas,
  historicoObservacoes,
  historicoStatus,
  regionais,
  solicitacoes,
  usuarios,
} from '../db/schema.ts';
import { countLimitFor, orderBy, pageOf, sortOf, type SortSpec } from '../db/listing.ts';
import { prepared } from '../db/prepared.ts';
import {
  REQUEST_SEARCH,
  resolveSearch,
  searchCondition,
  searchShape,
  searchValues,
  type ResolvedSearch,
} from '../db/text-search.ts';
import { notFound } from '../http/errors.ts';
import { counterFilterOf, countRequests, formTotal } from './counts-repo.ts';
import type { AttachmentInfo, RequesterInfo } from './record.ts';
import { scoped, scopeOf, scopeShape, scopeValues } from './scope-repo.ts';

export type RequestRow = typeof solicitacoes.$inferSelect;

const ofForm = (flow: Flow, kind: Kind) => and(eq(solicitacoes.fluxo, flow), eq(solicitacoes.tipo, kind));

/**
 * One request the user may see; otherwise 404 (absent and out of scope look alike).
 * `lock` (inside a transaction) holds the row until it ends, against concurrent edits and deletes.
 */
export async function findRequest(
  db: DbOrTx,
  user: SessionUser,
  flow: Flow,
  kind: Kind,
  id: number,
  options: { lock?: boolean } = {},
): Promise<RequestRow> {
  const query = db
    .select()
    .from(solicitacoes)
    .where(scoped(user, ofForm(flow, kind), eq(solicitacoes.id, id)))
    .limit(1);
  const [row] = await (options.lock ? query.for('update') : query);
  if (!row) throw notFound('Solicitação não encontrada.');
  return row;
}

export async function requesterOf(db: DbOrTx, row: RequestRow): Promise<RequesterInfo> {
  const [r] = await db
    .select({
      nome: usuarios.name,
      email: usuarios.email,
      telefone: usuarios.telefone,
      razao_social: empresas.razaoSocial,
      cnpj_empresa: empresas.cnpj,
    })
    .from(usuarios)
    .leftJoin(empresas, eq(empresas.id, row.idEmpresa ?? -1))
    .where(eq(usuarios.id, row.idUsuario));
  return { ...r!, id_empresa: row.idEmpresa };
}

export const attachmentsOf = (
  db: DbOrTx,
  idSolicitacao: number,
): Promise<(AttachmentInfo & { storageKey: string })[]> =>
  db
    .select({
      id: anexos.id,
      tipo: anexos.tipo,
      nomeArquivo: anexos.nomeArquivo,
      tamanho: anexos.tamanho,
      storageKey: anexos.storageKey,
    })
    .from(anexos)
    .where(eq(anexos.idSolicitacao, idSolicitacao))
    // In the order they were attached, on any database and after a restore alike.
    .orderBy(anexos.id);

/** Columns a list may be sorted by (anything else is refused before it reaches SQL). */
export const REQUEST_SORT: SortSpec = {
  columns: {
    id: solicitacoes.id,
    unidade: solicitacoes.unidade,
    endereco_id: solicitacoes.enderecoId,
    site_id: solicitacoes.siteId,
    data_pedido: solicitacoes.dataPedido,
    data_ativacao: solicitacoes.dataAtivacao,
    status: solicitacoes.status,
    atualizado_em: solicitacoes.updatedAt,
  } satisfies Record<RequestListSort, AnyColumn>,
  // Newest first, read straight off the (fluxo, tipo, data_pedido, id) index.
  fallback: { key: 'data_pedido', order: 'desc' },
  tieBreaker: solicitacoes.id,
};

/** The list filters a where-clause is built from (the list call's, or its export's). */
export type RequestListFilter = Pick<
  RequestListQuery,
  'status' | 'regional' | 'uf' | 'concessionaria' | 'de' | 'ate' | 'q' | 'sort' | 'order'
>;

/**
 * Quick search (issues 15, 34): the one search condition of db/text-search.ts, as the top bar's
 * search and the reports use it: every word anywhere in the request's identifiers, address, CEP
 * and tax ids, or in its requester's or company's name (accents and case aside); a text without a
 * three-character word matches the start of the ids and of the requester's name.
 */
/** A list's filters with the search's words resolved (the requesters and companies they name). */
export type ResolvedListFilter = RequestListFilter & { search?: ResolvedSearch };
export async function resolveListFilter<T extends RequestListFilter>(
  db: DbOrTx,
  query: T,
): Promise<T & { search?: ResolvedSearch }> {
  if (!query.q) return query;
  return { ...query, search: await resolveSearch(db, query.q) };
}

/** The first instant of a calendar day on the portal's clock (Brasília), and of the day after. */
const ZONE = sql.raw(`'America/Sao_Paulo'`);
const startOfDay = (day: SQLWrapper) => sql`(${day}::date)::timestamp at time zone ${ZONE}`;
const startOfNextDay = (day: SQLWrapper) => sql`(${day}::date + 1)::timestamp at time zone ${ZONE}`;

/** The row a page continues after, and its columns for the sorts that can continue (never null). */
const cursor = alias(solicitacoes, 'cursor');
const CONTINUABLE_SORTS = {
  data_pedido: cursor.dataPedido,
  atualizado_em: cursor.updatedAt,
  id: cursor.id,
} as const;

/** Whether the call pages forward after a row (keyset) instead of skipping the rows before its page. */
const continuesAfterRow = (query: RequestListQuery) =>
  query.apos !== undefined && Object.hasOwn(CONTINUABLE_SORTS, sortOf(query, REQUEST_SORT).key);

/**
 * The rows after `apos` in the list's order: an index range that starts at that row. In id order
 * the position is the id itself. In date order it is the row's date, read only when this user may
 * see the row in this form; otherwise nothing follows it and the page is read by its number
 * (listRequests).
 */
function afterRow(user: SessionUser, query: RequestListQuery) {
  const { key, column, order } = sortOf(query, REQUEST_SORT);
  const after = order === 'asc' ? sql`>` : sql`<`;
  if (key === 'id') return sql`${solicitacoes.id} ${after} ${sql.placeholder('apos')}`;
  const visible = and(
    eq(cursor.id, sql.placeholder('apos')),
    eq(cursor.fluxo, sql.placeholder('flow')),
    eq(cursor.tipo, sql.placeholder('kind')),
    scopeOf(user, { regional: cursor.regional, empresa: cursor.idEmpresa }, { prepared: true }),
  );
  const at = sql`select ${CONTINUABLE_SORTS[key as keyof typeof CONTINUABLE_SORTS]}, ${cursor.id} from ${solicitacoes} as ${cursor} where ${visible}`;
  return sql`(${column}, ${solicitacoes.id}) ${after} (${at})`;
}

/** Which filters a list uses, each a letter: part of its prepared statements' names. */
const FILTER_LETTERS = {
  status: 's',
  regional: 'r',
  uf: 'u',
  concessionaria: 'c',
  de: 'd',
  ate: 'a',
} as const satisfies Partial<Record<keyof ResolvedListFilter, string>>;
const filterLetters = (query: ResolvedListFilter) =>
  (Object.keys(FILTER_LETTERS) as (keyof typeof FILTER_LETTERS)[])
    .filter((key) => query[key] !== undefined)
    .map((key) => FILTER_LETTERS[key])
    .join('') + (query.q && query.search ? `q${searchShape(query.search, REQUEST_SEARCH)}` : '');

/** What decides a list's where-clause (part of its prepared statements' names): scope and filters. */
const listShape = (user: SessionUser, query: ResolvedListFilter) =>
  `${scopeShape(user)}:${filterLetters(query)}`;

/** Whether the per-scope counters know the list's total: no search and no period. */
const countersServe = (query: RequestListFilter) => !query.q && !query.de && !query.ate;

const pageAsked = (query: Partial<Pick<RequestListQuery, 'page' | 'per_page'>>) => ({
  page: query.page ?? 1,
  per_page: query.per_page ?? 0,
});
/** How far a text search's total counts for the page asked (countLimitFor). */
const searchCountLimit = (query: Partial<Pick<RequestListQuery, 'page' | 'per_page'>>) => {
  const { offset, limit } = pageOf(pageAsked(query));
  return countLimitFor(offset, limit);
};

export const listValues = (
  user: SessionUser,
  flow: Flow,
  kind: Kind,
  query: ResolvedListFilter & Partial<Pick<RequestListQuery, 'apos' | 'page' | 'per_page'>>,
) => ({
  ...scopeValues(user),
  flow,
  kind,
  status: query.status,
  regional: query.regional,
  uf: query.uf,
  concessionaria: query.concessionaria,
  de: query.de,
  ate: query.ate,
  ...(query.q && query.search ? searchValues(query.search) : {}),
  apos: query.apos,
  ...pageOf(pageAsked(query)),
  // One past the search total's limit: enough to tell "more than".
  countLimit: searchCountLimit(query) + 1,
});
type ListValues = ReturnType<typeof listValues>;

/**
 * A list's where-clause: its values left as placeholders that `listValues` binds (the prepared
 * list statements), or with `values`, bound in place (the list's export). The regional filter is
 * one more condition beside the session's scope: it narrows it, never widens it.
 */
const listWhere = (user: SessionUser, query: ResolvedListFilter, values?: ListValues) => {
  const value = (name: keyof ListValues) => (values ? sql.param(values[name]) : sql.placeholder(name));
  return and(
    scopeOf(user, undefined, { prepared: !values }),
    eq(solicitacoes.fluxo, value('flow')),
    eq(solicitacoes.tipo, value('kind')),
    query.status === undefined ? undefined : sql`${solicitacoes.status} = any(${value('status')})`,
    query.regional === undefined ? undefined : eq(solicitacoes.regional, value('regional')),
    query.uf === undefined ? undefined : eq(solicitacoes.uf, value('uf')),
    query.concessionaria === undefined
      ? undefined
      : eq(solicitacoes.idConcessionaria, value('concessionaria')),
    query.de === undefined ? undefined : gte(solicitacoes.dataPedido, startOfDay(value('de'))),
    query.ate === undefined ? undefined : lt(solicitacoes.dataPedido, startOfNextDay(value('ate'))),
    query.q && query.search
      ? searchCondition(REQUEST_SEARCH, query.search, { placeholders: !values })
      : undefined,
  );
};

/** The rows a list's filters leave, for its export (the same clause as its pages). */
export const requestListFilter = (user: SessionUser, flow: Flow, kind: Kind, query: ResolvedListFilter) =>
  listWhere(user, query, listValues(user, flow, kind, query));

/**
 * The list's total as a value of its page's statement (one round trip for both): the per-scope
 * counters; for a text search its matches counted up to `countLimit` (countLimitFor: a broad text
 * matches hundreds of thousands of requests, and counting them costs seconds; past the limit the
 * list says "de mais de N registros", docs/decisions/lists-and-search.md, D-LST-009); for a period, the count of its matches.
 */
const listTotal = (user: SessionUser, query: ResolvedListFilter) => {
  if (countersServe(query)) return formTotal(user, counterFilterOf(query));
  const matches = sql`select 1 from ${solicitacoes} where ${listWhere(user, query)}`;
  return query.q
    ? sql<number>`(select count(*)::int from (${matches} limit ${sql.placeholder('countLimit')}) as capped)`
    : sql<number>`(select count(*)::int from (${matches}) as matches)`;
};

/** Whether the page skips rows before it (a page after the first, asked for by its number). */
const skipsRows = (query: RequestListQuery) => query.page > 1 && !continuesAfterRow(query);

/**
 * A value of the listed row, read for that row alone (a page's ten rows, never the table). Named
 * in full: Drizzle leaves the columns of a one-table select unqualified, and `id` would be ambiguous.
 */
const qualified = (column: AnyColumn) =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
const lookup = (column: AnyColumn, key: AnyColumn, ref: AnyColumn) =>
  sql<
    string | null
  >`(select ${qualified(column)} from ${column.table} where ${qualified(key)} = ${qualified(ref)})`;

/**
 * The query of a list page, with the list's total on every row, its values left as placeholders.
 * A page that skips rows picks its ids first from the index that serves the scope and the order,
 * reading nothing else (an index-only scan once autovacuum has passed), and only those rows are
 * then read: a deep page skips index entries, not whole rows. The first page, and one that
 * continues after a row, read their rows straight off that index.
 */
export function requestPageQuery(
  db: DbOrTx,
  user: SessionUser,
  query: RequestListQuery & ResolvedListFilter,
) {
  const order = orderBy(query, REQUEST_SORT);
  const where = and(listWhere(user, query), continuesAfterRow(query) ? afterRow(user, query) : undefined);
  const columns = {
    id: solicitacoes.id,
    unidade: solicitacoes.unidade,
    endereco_id: solicitacoes.enderecoId,
    site_id: solicitacoes.siteId,
    uf: solicitacoes.uf,
    municipio: solicitacoes.municipio,
    data_pedido: solicitacoes.dataPedido,
    data_ativacao: solicitacoes.dataAtivacao,
    status: solicitacoes.status,
    regional: solicitacoes.regional,
    regional_nome: lookup(regionais.regional, regionais.id, solicitacoes.regional),
    solicitante: lookup(usuarios.name, usuarios.id, solicitacoes.idUsuario),
    empresa: lookup(empresas.razaoSocial, empresas.id, solicitacoes.idEmpresa),
    atualizado_em: solicitacoes.updatedAt,
    version: solicitacoes.version,
    total: listTotal(user, query),
  };
  if (!skipsRows(query))
    return db
      .select(columns)
      .from(solicitacoes)
      .where(where)
      .orderBy(...order)
      .limit(sql.placeholder('limit'));
  const ids = db
    .select({ id: solicitacoes.id })
    .from(solicitacoes)
    .where(where)
    .orderBy(...order)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
  return db
    .select(columns)
    .from(solicitacoes)
    .where(inArray(solicitacoes.id, ids))
    .orderBy(...order);
}

/** One page of a form's list. */
function requestPage(
  db: DbOrTx,
  user: SessionUser,
  flow: Flow,
  kind: Kind,
  query: RequestListQuery & ResolvedListFilter,
) {
  // The order is part of the text; a sort key that is no column is refused when it is built.
  const ordered = query.sort ? `${query.sort}:${query.order}` : '';
  const from = continuesAfterRow(query) ? 'apos' : skipsRows(query) ? 'salto' : '';
  const statement = prepared(db, `lista:${listShape(user, query)}:${ordered}:${from}`, (name) =>
    requestPageQuery(db, user, query).prepare(name),
  );
  return statement.execute(listValues(user, flow, kind, query));
}

/** The total of a page past the list's end, which carries none: as its page would have (listTotal). */
function pageTotal(
  db: DbOrTx,
  user: SessionUser,
  flow: Flow,
  kind: Kind,
  query: RequestListQuery & ResolvedListFilter,
) {
  const statement = prepared(db, `lista_total_pagina:${listShape(user, query)}`, (name) =>
    db
      .select({ total: listTotal(user, query) })
      .from(sql`(values (0)) as one`)
      .prepare(name),
  );
  return statement.execute(listValues(user, flow, kind, query)).then(([row]) => row?.total ?? 0);
}

/** A filtered list's exact total alone (an export's): it counts only the matches. */
function countMatches(db: DbOrTx, user: SessionUser, flow: Flow, kind: Kind, query: ResolvedListFilter) {
  const statement = prepared(db, `lista_total:${listShape(user, query)}`, (name) =>
    db.select({ n: count() }).from(solicitacoes).where(listWhere(user, query)).prepare(name),
  );
  return statement.execute(listValues(user, flow, kind, query)).then(([row]) => row?.n ?? 0);
}

/** A list's exact total: off the counters when they know it, otherwise a count of the matches. */
export const requestListTotal = (
  db: DbOrTx,
  user: SessionUser,
  flow: Flow,
  kind: Kind,
  query: ResolvedListFilter,
) =>
  countersServe(query)
    ? countRequests(db, user, { flow, kind }, query)
    : countMatches(db, user, flow, kind, query);

/**
 * Whether an empty page after `apos` is the list's end: in id order always; in date order when
 * the row is this user's to see in this form (if it is gone, or forged, the page is read by its
 * number instead).
 */
async function listEndsAfter(db: DbOrTx, user: SessionUser, flow: Flow, kind: Kind, query: RequestListQuery) {
  if (sortOf(query, REQUEST_SORT).key === 'id') return true;
  const [row] = await db
    .select({ id: solicitacoes.id })
    .from(solicitacoes)
    .where(scoped(user, ofForm(flow, kind), eq(solicitacoes.id, query.apos!)))
    .limit(1);
  return row !== undefined;
}

export async function listRequests(
  db: DbOrTx,
  user: SessionUser,
  flow: Flow,
  kind: Kind,
  asked: RequestListQuery,
) {
  const query = await resolveListFilter(db, asked);
  let rows = await requestPage(db, user, flow, kind, query);
  if (rows.length === 0 && continuesAfterRow(query) && !(await listEndsAfter(db, user, flow, kind, query)))
    rows = await requestPage(db, user, flow, kind, { ...query, apos: undefined });
  // A page past the end carries no total: it is read alone.
  const counted = rows.length ? rows[0]!.total : await pageTotal(db, user, flow, kind, query);
  const limit = searchCountLimit(query);
  const limited = query.q !== undefined && counted > limit;
  return {
    rows: rows.map(({ total: _, data_pedido, atualizado_em, ...row }) => ({
      ...row,
      data_pedido: data_pedido.toISOString(),
      atualizado_em: atualizado_em.toISOString(),
    })),
    total: limited ? limit : counted,
    limited,
  };
}

export async function statusHistory(db: DbOrTx, idSolicitacao: number) {
  const rows = await db
    .select({
      nome: historicoStatus.nome,
      data_cadastro: historicoStatus.dataCadastro,
      status: historicoStatus.status,
      motivo_recusa: historicoStatus.motivoRecusa,
    })
    .from(historicoStatus)
    .where(eq(historicoStatus.idSolicitacao, idSolicitacao))
    .orderBy(desc(historicoStatus.dataCadastro), desc(historicoStatus.id));
  return rows.map((r) => ({ ...r, data_cadastro: r.data_cadastro.toISOString() }));
}

export async function observationHistory(db: DbOrTx, idSolicitacao: number) {
  const rows = await db
    .select({
      nome: historicoObservacoes.nome,
      data: historicoObservacoes.data,
      obs: historicoObservacoes.obs,
    })
    .from(historicoObservacoes)
    .where(eq(historicoObservacoes.idSolicitacao, idSolicitacao))
    .orderBy(desc(historicoObservacoes.data), desc(historicoObservacoes.id));
  return rows.map((r) => ({ ...r, data: r.data.toISOString() }));
}

/** The fields of a save as the row stores them, and who saves. */
type RequestValues = Partial<typeof solicitacoes.$inferInsert>;
type Author = Pick<SessionUser, 'id' | 'name' | 'empresa'>;
const SAVED = { id: solicitacoes.id, status: solicitacoes.status, version: solicitacoes.version };

export async function insertRequest(
  tx: Tx,
  form: { flow: Flow; kind: Kind },
  author: Author,
  values: RequestValues & { status: number },
) {
  const [saved] = await tx
    .insert(solicitacoes)
    .values({ ...values, fluxo: form.flow, tipo: form.kind, idUsuario: author.id, idEmpresa: author.empresa })
    .returning(SAVED);
  return saved!;
}

/** Writes the new values and bumps the version, only if nobody saved since `current` was read. */
export async function updateRequest(tx: Tx, current: RequestRow, values: RequestValues) {
  const [saved] = await tx
    .update(solicitacoes)
    .set({ ...values, version: current.version + 1, updatedAt: sql`now()` })
    .where(and(eq(solicitacoes.id, current.id), eq(solicitacoes.version, current.version)))
    .returning(SAVED);
  return saved;
}

/** Bumps the version of a change that touches no column (an attachment removed); undefined when stale. */
export async function touchRequest(tx: Tx, current: RequestRow) {
  const [saved] = await tx
    .update(solicitacoes)
    .set({ version: sql`${solicitacoes.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(solicitacoes.id, current.id), eq(solicitacoes.version, current.version)))
    .returning(SAVED);
  return saved;
}

/** Removes the request; its histories and attachment rows go with it (on delete cascade). */
export const deleteRequestRow = (tx: Tx, id: number) =>
  tx.delete(solicitacoes).where(eq(solicitacoes.id, id));

/** A status-history entry's reason: the catalogue entry and its text as shown (reasonText). */
export interface StoredReason {
  id: number;
  text: string;
}

export const addStatusChange = (
  tx: Tx,
  idSolicitacao: number,
  author: Author,
  status: number,
  reason?: StoredReason,
) =>
  tx.insert(historicoStatus).values({
    idSolicitacao,
    idUsuario: author.id,
    nome: author.name,
    status,
    idMotivoRecusa: reason?.id ?? null,
    motivoRecusa: reason?.text ?? null,
  });

export async function addObservations(tx: Tx, idSolicitacao: number, author: Author, observations: string[]) {
  if (observations.length === 0) return;
  await tx
    .insert(historicoObservacoes)
    .values(observations.map((obs) => ({ idSolicitacao, idUsuario: author.id, nome: author.name, obs })));
}

export async function statusChangeCount(db: DbOrTx, idSolicitacao: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(historicoStatus)
    .where(eq(historicoStatus.idSolicitacao, idSolicitacao));
  return row?.n ?? 0;
}

/** An attachment with its request's form and status, if the request lies in the user's scope. */
export async function attachmentInScope(db: DbOrTx, user: SessionUser, id: number) {
  const [file] = await db
    .select({
      nome: anexos.nomeArquivo,
      tipo: anexos.tipo,
      tamanho: anexos.tamanho,
      storageKey: anexos.storageKey,
      fluxo: solicitacoes.fluxo,
      kind: solicitacoes.tipo,
      status: solicitacoes.status,
    })
    .from(anexos)
    .innerJoin(solicitacoes, eq(solicitacoes.id, anexos.idSolicitacao))
    .where(scoped(user, and(eq(anexos.id, id))))
    .limit(1);
  return file;
}

/**
 * Whether anyone but the request's creator has written to it. Every write to a request leaves an
 * audit row in its transaction (GUIDE §3), so the trail is the one place that knows — read along
 * audit_log_entidade_idx.
 */
export async function othersWroteTo(
  db: DbOrTx,
  flow: Flow,
  kind: Kind,
  request: RequestRow,
): Promise<boolean> {
  const [other] = await db
    .select({ one: sql<number>`1` })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entidade, `solicitacao.${flow}.${kind}`),
        eq(auditLog.entidadeId, String(request.id)),
        sql`${auditLog.idUsuario} is distinct from ${request.idUsuario}`,
      ),
    )
    .limit(1);
  return other !== undefined;
}

/** A concessionaire of the flow, with the UFs it serves. */
export async function concessionaireOfFlow(db: DbOrTx, flow: Flow, id: number) {
  const [row] = await db
    .select({ nome: concessionarias.nome, ufs: concessionarias.ufs })
    .from(concessionarias)
    .where(and(eq(concessionarias.id, id), eq(concessionarias.fluxo, flow)));
  return row;
}

/** The UFs each active concessionaire of the flow serves. */
export const activeConcessionaireUfs = (db: DbOrTx, flow: Flow) =>
  db
    .select({ ufs: concessionarias.ufs })
    .from(concessionarias)
    .where(and(eq(concessionarias.fluxo, flow), eq(concessionarias.ativo, true)));

/** A regional with its acronym and the UFs it serves. */
export async function regionalById(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: regionais.id, sigla: regionais.regional, ufs: regionais.ufs })
    .from(regionais)
    .where(eq(regionais.id, id));
  return row;
}

/** The file of a slot, replacing the one it held (one current file per slot). */
export const storeAttachment = (
  tx: Tx,
  idSolicitacao: number,
  tipo: RequestFile,
  file: { nomeArquivo: string; storageKey: string; tamanho: number; mime: string; idUsuario: number },
) =>
  tx
    .insert(anexos)
    .values({ idSolicitacao, tipo, ...file })
    .onConflictDoUpdate({
      target: [anexos.idSolicitacao, anexos.tipo],
      set: { ...file, createdAt: sql`now()` },
    });

export const deleteAttachmentRow = (tx: Tx, id: number) => tx.delete(anexos).where(eq(anexos.id, id));
