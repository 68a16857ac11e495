import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Flow, RegularizationFile, RegularizationListQuery, SessionUser } from '@portal/domain';
import type { DbOrTx, Tx } from '../../db/client.ts';
import {
  baseProvedor,
  regularizacaoAnexos,
  regularizacaoObservacoes,
  regularizacaoStatus,
  regularizacoes,
} from '../../db/schema.ts';
import { orderBy, pageOf, type SortSpec } from '../../db/listing.ts';
import { REGULARIZATION_SEARCH, searchCondition, wordSearch } from '../../db/text-search.ts';
import { notFound } from '../../http/errors.ts';
import type { StoredReason } from '../../requests-core/repo.ts';

/** The regularization's SQL, reads and writes (spec part 2 §3 Regularization record). */
export type RegularizationRow = typeof regularizacoes.$inferSelect;
type RegularizationValues = Partial<typeof regularizacoes.$inferInsert>;
type Author = Pick<SessionUser, 'id' | 'name'>;

export const NOT_FOUND = 'Regularização não encontrada.';

/** One record of the flow; otherwise 404. `lock` holds the row until the transaction ends. */
export async function findRegularization(
  db: DbOrTx,
  flow: Flow,
  id: number,
  options: { lock?: boolean } = {},
): Promise<RegularizationRow> {
  const query = db
    .select()
    .from(regularizacoes)
    .where(and(eq(regularizacoes.fluxo, flow), eq(regularizacoes.id, id)))
    .limit(1);
  const [row] = await (options.lock ? query.for('update') : query);
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** A null status is a divergence nobody worked yet: sorted and filtered as 0. */
export const statusOrZero = sql<number>`coalesce(${regularizacoes.status}, 0)`;

export const REGULARIZATION_SORT: SortSpec = {
  columns: {
    id: regularizacoes.id,
    unidade: regularizacoes.unidade,
    endereco_id: regularizacoes.enderecoId,
    site_id: regularizacoes.siteId,
    tipo_divergencia: regularizacoes.tipoDivergencia,
    status: statusOrZero,
  },
  fallback: { key: 'id', order: 'desc' },
  tieBreaker: regularizacoes.id,
};

/**
 * Quick search (§2.2, issue 34): the one search condition (db/text-search.ts), every word anywhere
 * in the regularization's ids, address, CEP, tax ids and company names, accents and case aside.
 */
const quickSearch = (q: string | undefined): SQL | undefined =>
  q ? searchCondition(REGULARIZATION_SEARCH, wordSearch(q)) : undefined;

/** The rows the list's filters leave (its pages and its export). */
export const regularizationListFilter = (flow: Flow, query: RegularizationListQuery) =>
  and(
    eq(regularizacoes.fluxo, flow),
    query.status === undefined ? undefined : eq(statusOrZero, query.status),
    query.tipo_divergencia == null ? undefined : eq(regularizacoes.tipoDivergencia, query.tipo_divergencia),
    quickSearch(query.q),
  );

export async function listRegularizations(db: DbOrTx, flow: Flow, query: RegularizationListQuery) {
  const where = regularizationListFilter(flow, query);
  const page = pageOf(query);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: regularizacoes.id,
        unidade: regularizacoes.unidade,
        endereco_id: regularizacoes.enderecoId,
        site_id: regularizacoes.siteId,
        tipo_divergencia: regularizacoes.tipoDivergencia,
        status: statusOrZero,
      })
      .from(regularizacoes)
      .where(where)
      .orderBy(...orderBy(query, REGULARIZATION_SORT))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(regularizacoes).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export const attachmentsOf = (db: DbOrTx, idRegularizacao: number) =>
  db
    .select({
      id: regularizacaoAnexos.id,
      tipo: regularizacaoAnexos.tipo,
      nomeArquivo: regularizacaoAnexos.nomeArquivo,
      tamanho: regularizacaoAnexos.tamanho,
      storageKey: regularizacaoAnexos.storageKey,
    })
    .from(regularizacaoAnexos)
    .where(eq(regularizacaoAnexos.idRegularizacao, idRegularizacao));
export type RegularizationAttachment = Awaited<ReturnType<typeof attachmentsOf>>[number];

/** A file of a regularization of this flow, for the download route. */
export async function findAttachmentFile(db: DbOrTx, flow: Flow, id: number) {
  const [file] = await db
    .select({
      nome: regularizacaoAnexos.nomeArquivo,
      tamanho: regularizacaoAnexos.tamanho,
      storageKey: regularizacaoAnexos.storageKey,
    })
    .from(regularizacaoAnexos)
    .innerJoin(regularizacoes, eq(regularizacoes.id, regularizacaoAnexos.idRegularizacao))
    .where(and(eq(regularizacaoAnexos.id, id), eq(regularizacoes.fluxo, flow)))
    .limit(1);
  if (!file) throw notFound('Arquivo não encontrado.');
  return file;
}

export async function statusHistory(db: DbOrTx, idRegularizacao: number) {
  const rows = await db
    .select({
      nome: regularizacaoStatus.nome,
      data_cadastro: regularizacaoStatus.dataCadastro,
      status: regularizacaoStatus.status,
      motivo_recusa: regularizacaoStatus.motivoRecusa,
    })
    .from(regularizacaoStatus)
    .where(eq(regularizacaoStatus.idRegularizacao, idRegularizacao))
    .orderBy(desc(regularizacaoStatus.dataCadastro), desc(regularizacaoStatus.id));
  return rows.map((r) => ({ ...r, data_cadastro: r.data_cadastro.toISOString() }));
}

export async function observationHistory(db: DbOrTx, idRegularizacao: number) {
  const rows = await db
    .select({
      nome: regularizacaoObservacoes.nome,
      data: regularizacaoObservacoes.data,
      obs: regularizacaoObservacoes.obs,
    })
    .from(regularizacaoObservacoes)
    .where(eq(regularizacaoObservacoes.idRegularizacao, idRegularizacao))
    .orderBy(desc(regularizacaoObservacoes.data), desc(regularizacaoObservacoes.id));
  return rows.map((r) => ({ ...r, data: r.data.toISOString() }));
}

/** The provider-base row a regularization is opened on (add names it by id_con). */
export async function findBaseRow(db: DbOrTx, flow: Flow, id: number) {
  const [row] = await db
    .select()
    .from(baseProvedor)
    .where(and(eq(baseProvedor.fluxo, flow), eq(baseProvedor.id, id)))
    .limit(1);
  return row;
}

/** Whether a record of this unit is still being worked (0–3): one at a time per unit. */
export async function openRegularizationOf(db: DbOrTx, flow: Flow, unidade: string) {
  const [row] = await db
    .select({ id: regularizacoes.id })
    .from(regularizacoes)
    .where(
      and(
        eq(regularizacoes.fluxo, flow),
        eq(sql`lower(${regularizacoes.unidade})`, unidade.toLowerCase()),
        sql`coalesce(${regularizacoes.status}, 0) < 4`,
      ),
    )
    .limit(1);
  return row;
}

const SAVED = { id: regularizacoes.id, status: statusOrZero, version: regularizacoes.version };

export async function insertRegularization(
  tx: Tx,
  values: RegularizationValues &
    Pick<typeof regularizacoes.$inferInsert, 'fluxo' | 'unidade' | 'tipoDivergencia'>,
) {
  const [saved] = await tx.insert(regularizacoes).values(values).returning(SAVED);
  return saved!;
}

/** Writes the new values and bumps the version, only if nobody saved since `current` was read. */
export async function updateRegularization(tx: Tx, current: RegularizationRow, values: RegularizationValues) {
  const [saved] = await tx
    .update(regularizacoes)
    .set({ ...values, version: current.version + 1, updatedAt: sql`now()` })
    .where(and(eq(regularizacoes.id, current.id), eq(regularizacoes.version, current.version)))
    .returning(SAVED);
  return saved;
}

/** Removes the record; its histories and attachment rows go with it (on delete cascade). */
export const deleteRegularizationRow = (tx: Tx, id: number) =>
  tx.delete(regularizacoes).where(eq(regularizacoes.id, id));

export const addStatusChange = (
  tx: Tx,
  idRegularizacao: number,
  author: Author,
  status: number,
  reason?: StoredReason,
) =>
  tx.insert(regularizacaoStatus).values({
    idRegularizacao,
    idUsuario: author.id,
    nome: author.name,
    status,
    idMotivoRecusa: reason?.id ?? null,
    motivoRecusa: reason?.text ?? null,
  });

export const addObservation = (tx: Tx, idRegularizacao: number, author: Author, obs: string) =>
  tx
    .insert(regularizacaoObservacoes)
    .values({ idRegularizacao, idUsuario: author.id, nome: author.name, obs });

/** The file of a slot, replacing the one it held (one current file per slot). */
export const storeAttachment = (
  tx: Tx,
  idRegularizacao: number,
  tipo: RegularizationFile,
  file: { nomeArquivo: string; storageKey: string; tamanho: number; mime: string; idUsuario: number },
) =>
  tx
    .insert(regularizacaoAnexos)
    .values({ idRegularizacao, tipo, ...file })
    .onConflictDoUpdate({
      target: [regularizacaoAnexos.idRegularizacao, regularizacaoAnexos.tipo],
      set: { ...file, createdAt: sql`now()` },
    });

export const deleteAttachmentRow = (tx: Tx, id: number) =>
  tx.delete(regularizacaoAnexos).where(eq(regularizacaoAnexos.id, id));
