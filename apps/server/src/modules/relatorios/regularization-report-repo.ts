import { and, count, desc, eq, gte, lte, lt, sql, type SQL } from 'drizzle-orm';
import {
  REGULARIZATION_STATUSES,
  labelOf,
  regionalLabel,
  type Flow,
  type RegularizationListQuery,
  type SessionUser,
} from '@portal/domain';
import {
  divergenceCell,
  regularizationVoltageCell,
  type RegularizationReportQuery,
  type ReportRow,
} from '@portal/domain/reports';
import type { DbOrTx } from '../../db/client.ts';
import { orderBy, pageOf, sortOf } from '../../db/listing.ts';
import { REGULARIZATION_SEARCH, searchCondition, wordSearch } from '../../db/text-search.ts';
import {
  concessionarias,
  regionais,
  regularizacaoAnexos,
  regularizacaoObservacoes,
  regularizacoes,
} from '../../db/schema.ts';
import { statusLabelsOf } from '../../requests-core/status-labels-repo.ts';
import { attachmentUrl } from '../consolidacao/record.ts';
import { REGULARIZATION_SORT, regularizationListFilter, statusOrZero } from '../consolidacao/repo.ts';
import { scopeShape } from '../../requests-core/scope-repo.ts';
import { anyOf, EXPORT_BATCH, inOrderOf, observationsText } from '../../db/report-sql.ts';

/**
 * The regularization report (spec part 2 §2.10, §3 'Regularization report row'). A divergence
 * belongs to a regional, not to a company: the regionals read their own, those who see every
 * request read them all, and nobody else any.
 */
function regularizationScope(user: SessionUser): SQL {
  switch (scopeShape(user)) {
    case 'all':
      return sql`true`;
    case 'regional':
      return sql`${regularizacoes.regional} = any(${sql.param(user.regionais)})`;
    default:
      return sql`false`;
  }
}

function reportWhere(user: SessionUser, flow: Flow, query: RegularizationReportQuery) {
  return and(
    regularizationScope(user),
    eq(regularizacoes.fluxo, flow),
    query.status === undefined ? undefined : eq(statusOrZero, query.status),
    query.tipo_divergencia == null ? undefined : eq(regularizacoes.tipoDivergencia, query.tipo_divergencia),
    // Partial matches over the ids, CEP, address and tax ids: the lists' one condition (issue 34).
    query.q ? searchCondition(REGULARIZATION_SEARCH, wordSearch(query.q)) : undefined,
    // The date range is the request's to the concessionaire (data_solicitacao), a column of the report.
    query.de ? gte(regularizacoes.dataSolicitacao, query.de) : undefined,
    query.ate ? lte(regularizacoes.dataSolicitacao, query.ate) : undefined,
  );
}

async function statusNames(db: DbOrTx, flow: Flow) {
  const labels = await statusLabelsOf(db, flow, 'regularizacao');
  return (status: number) => labels.get(status) ?? labelOf(REGULARIZATION_STATUSES, status);
}

async function reportRows(
  db: DbOrTx,
  flow: Flow,
  ids: number[],
  statusName: (status: number) => string,
): Promise<ReportRow[]> {
  if (ids.length === 0) return [];
  const observations = db
    .select({
      text: observationsText(
        regularizacaoObservacoes.data,
        regularizacaoObservacoes.nome,
        regularizacaoObservacoes.obs,
        regularizacaoObservacoes.id,
      ),
    })
    .from(regularizacaoObservacoes)
    .where(eq(regularizacaoObservacoes.idRegularizacao, regularizacoes.id));
  const [records, files] = await Promise.all([
    db
      .select({
        record: regularizacoes,
        regional: regionais.regional,
        concessionaria: concessionarias.nome,
        historico: sql<string | null>`(${observations})`,
      })
      .from(regularizacoes)
      .leftJoin(regionais, eq(regionais.id, regularizacoes.regional))
      .leftJoin(concessionarias, eq(concessionarias.id, regularizacoes.idConcessionaria))
      .where(anyOf(regularizacoes.id, ids)),
    db
      .select({
        id: regularizacaoAnexos.id,
        record: regularizacaoAnexos.idRegularizacao,
        tipo: regularizacaoAnexos.tipo,
      })
      .from(regularizacaoAnexos)
      .where(anyOf(regularizacaoAnexos.idRegularizacao, ids)),
  ]);
  const rows = records.map(
    ({ record: r, regional, concessionaria, historico }): ReportRow & { id: number } => ({
      id: r.id,
      endereco_id: r.enderecoId,
      site_id: r.siteId,
      regional: regional === null ? null : regionalLabel(regional),
      cep: r.cep,
      uf: r.uf,
      cidade: r.cidade,
      endereco: r.endereco,
      numero: r.numero,
      complemento: r.complemento,
      bairro: r.bairro,
      // The concessionaire as registered, or as the provider's base names it.
      concessionaria: concessionaria ?? r.sigla,
      unidade: r.unidade,
      numero_medidor: r.numeroMedidor,
      tipo_tensao: regularizationVoltageCell(r.tipoTensao),
      razao_social_fatura: r.razaoSocialFatura,
      cnpj_fatura: r.cnpjFatura,
      razao_social_correta: r.razaoSocialCorreta,
      cnpj_correto: r.cnpjCorreto,
      data_solicitacao: r.dataSolicitacao,
      previsao_solicitacao: r.previsaoSolicitacao,
      nova_unidade: r.novaUnidade,
      tipo_divergencia: divergenceCell(r.tipoDivergencia),
      status: statusName(r.status ?? 0),
      solicitacao: null,
      resposta: null,
      anexo: null,
      urlFatura: r.urlFatura,
      historico_string: historico,
    }),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const file of files) byId.get(file.record)![file.tipo] = attachmentUrl(flow, file.id);
  return inOrderOf(ids, rows);
}

export async function regularizationReportPage(
  db: DbOrTx,
  user: SessionUser,
  flow: Flow,
  query: RegularizationReportQuery,
) {
  const where = reportWhere(user, flow, query);
  const { limit, offset } = pageOf(query);
  const [page, [counted], statusName] = await Promise.all([
    db
      .select({ id: regularizacoes.id })
      .from(regularizacoes)
      .where(where)
      .orderBy(...orderBy(query, REGULARIZATION_SORT))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(regularizacoes).where(where),
    statusNames(db, flow),
  ]);
  return {
    rows: await reportRows(
      db,
      flow,
      page.map((r) => r.id),
      statusName,
    ),
    total: counted?.n ?? 0,
  };
}

/** Every row `where` leaves, newest first, a batch per statement continuing after the last id. */
async function* regularizationRowBatches(
  db: DbOrTx,
  flow: Flow,
  where: SQL | undefined,
  statusName: (status: number) => string,
): AsyncGenerator<ReportRow[]> {
  let after: number | undefined;
  for (;;) {
    const ids = await db
      .select({ id: regularizacoes.id })
      .from(regularizacoes)
      .where(and(where, after === undefined ? undefined : lt(regularizacoes.id, after)))
      .orderBy(desc(regularizacoes.id))
      .limit(EXPORT_BATCH);
    if (ids.length === 0) return;
    yield await reportRows(
      db,
      flow,
      ids.map((r) => r.id),
      statusName,
    );
    if (ids.length < EXPORT_BATCH) return;
    after = ids.at(-1)!.id;
  }
}

/** A where-clause's export: its rows and their count (an order the list would refuse is refused). */
async function exportWhere(db: DbOrTx, flow: Flow, query: RegularizationListQuery, where: SQL | undefined) {
  sortOf(query, REGULARIZATION_SORT);
  const [statusName, [counted]] = await Promise.all([
    statusNames(db, flow),
    db.select({ n: count() }).from(regularizacoes).where(where),
  ]);
  return { total: counted?.n ?? 0, batches: regularizationRowBatches(db, flow, where, statusName) };
}

/** The report's export: every row of its filters, within the user's scope. */
export const regularizationReportExport = (
  db: DbOrTx,
  user: SessionUser,
  flow: Flow,
  query: RegularizationReportQuery,
) => exportWhere(db, flow, query, reportWhere(user, flow, query));

/** The regularization list's export: its own filter (whoever opens the list sees every record). */
export const regularizationListExport = (db: DbOrTx, flow: Flow, query: RegularizationListQuery) =>
  exportWhere(db, flow, query, regularizationListFilter(flow, query));
