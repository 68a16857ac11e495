import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import {
  policyRole,
  regionalLabel,
  requestForm,
  statusLabel,
  visibleFields,
  visibleFiles,
  type RequestStatus,
  type Flow,
  type Kind,
  type SessionUser,
} from '@portal/domain';
import {
  REQUEST_REPORT_FIELDS,
  requestFieldCell,
  stageColumnKey,
  type ReportRow,
  type RequestReportQuery,
} from '@portal/domain/reports';
import type { DbOrTx } from '../../db/client.ts';
import { orderBy, pageOf, sortOf } from '../../db/listing.ts';
import { REQUEST_SEARCH, searchCondition, wordSearch } from '../../db/text-search.ts';
import { REQUEST_FIELD_COLUMNS } from '../../db/request-field-columns.ts';
import {
  anexos,
  concessionarias,
  empresas,
  historicoObservacoes,
  historicoStatus,
  regionais,
  solicitacoes,
  usuarios,
} from '../../db/schema.ts';
import { statusLabelsOf } from '../../requests-core/status-labels-repo.ts';
import { countRequests } from '../../requests-core/counts-repo.ts';
import { attachmentUrl } from '../../requests-core/record.ts';
import {
  REQUEST_SORT,
  requestListFilter,
  requestListTotal,
  resolveListFilter,
  type RequestListFilter,
} from '../../requests-core/repo.ts';
import { scopeOf } from '../../requests-core/scope-repo.ts';
import {
  anyOf,
  EXPORT_BATCH,
  inOrderOf,
  observationsText,
  startOfDay,
  startOfNextDay,
  wallClock,
} from '../../db/report-sql.ts';

/** The report of one request form: new units or ownership changes (spec part 2 §2.10, §3). */
export interface RequestReport {
  flow: Flow;
  kind: Kind;
}

/** The rows the report's filters leave, within the session's scope (the lists' single builder). */
function reportWhere(user: SessionUser, report: RequestReport, query: RequestReportQuery): SQL | undefined {
  return and(
    scopeOf(user),
    eq(solicitacoes.fluxo, report.flow),
    eq(solicitacoes.tipo, report.kind),
    query.status === undefined ? undefined : eq(solicitacoes.status, query.status),
    // Partial matches over the ids, CEP, address and tax ids: the lists' one condition (issue 34).
    query.q ? searchCondition(REQUEST_SEARCH, wordSearch(query.q)) : undefined,
    query.de ? gte(solicitacoes.dataPedido, startOfDay(query.de)) : undefined,
    query.ate ? lt(solicitacoes.dataPedido, startOfNextDay(query.ate)) : undefined,
  );
}

/** What a status is called on this form: the administrators' label, or the domain's. */
async function statusNames(db: DbOrTx, report: RequestReport) {
  const labels = await statusLabelsOf(db, report.flow, report.kind);
  return (status: number) => labels.get(status) ?? statusLabel(status, report.flow, report.kind);
}

/**
 * The whole report row of each request (§3), in the order of `ids`, as this user may read it: a
 * field or a file the record screen hides from the user's role at the request's status (the
 * cell's block, Tipo de Loja, the complementary files) is an empty cell here too.
 */
async function reportRows(
  db: DbOrTx,
  user: SessionUser,
  report: RequestReport,
  ids: number[],
  statusName: (status: number) => string,
): Promise<ReportRow[]> {
  if (ids.length === 0) return [];
  const form = requestForm(report.flow, report.kind);
  const role = policyRole(user.papel);
  const lastObservation = db
    .select({ obs: historicoObservacoes.obs })
    .from(historicoObservacoes)
    .where(eq(historicoObservacoes.idSolicitacao, solicitacoes.id))
    .orderBy(desc(historicoObservacoes.data), desc(historicoObservacoes.id))
    .limit(1);
  const allObservations = db
    .select({
      text: observationsText(
        historicoObservacoes.data,
        historicoObservacoes.nome,
        historicoObservacoes.obs,
        historicoObservacoes.id,
      ),
    })
    .from(historicoObservacoes)
    .where(eq(historicoObservacoes.idSolicitacao, solicitacoes.id));
  const [requests, stages, files] = await Promise.all([
    db
      .select({
        request: solicitacoes,
        name: usuarios.name,
        email: usuarios.email,
        telefone: usuarios.telefone,
        razaoSocial: empresas.razaoSocial,
        cnpj: empresas.cnpj,
        regional: regionais.regional,
        concessionaria: concessionarias.nome,
        dataPedido: wallClock(solicitacoes.dataPedido),
        observacao: sql<string | null>`(${lastObservation})`,
        historico: sql<string | null>`(${allObservations})`,
      })
      .from(solicitacoes)
      .innerJoin(usuarios, eq(usuarios.id, solicitacoes.idUsuario))
      .leftJoin(empresas, eq(empresas.id, solicitacoes.idEmpresa))
      .leftJoin(regionais, eq(regionais.id, solicitacoes.regional))
      .leftJoin(concessionarias, eq(concessionarias.id, solicitacoes.idConcessionaria))
      .where(anyOf(solicitacoes.id, ids)),
    // The first time each request entered each status (docs/decisions/reports-and-exports.md, D-REP-003).
    db
      .select({
        id: historicoStatus.idSolicitacao,
        status: historicoStatus.status,
        first: wallClock(sql`min(${historicoStatus.dataCadastro})`),
      })
      .from(historicoStatus)
      .where(anyOf(historicoStatus.idSolicitacao, ids))
      .groupBy(historicoStatus.idSolicitacao, historicoStatus.status),
    db
      .select({ id: anexos.id, request: anexos.idSolicitacao, tipo: anexos.tipo })
      .from(anexos)
      .where(anyOf(anexos.idSolicitacao, ids)),
  ]);
  const filesShown = new Map<number, Set<string>>();
  const rows = requests.map((r): ReportRow & { id: number } => {
    const status = r.request.status as RequestStatus;
    const fieldsShown = new Set<string>(visibleFields(form, role, status));
    filesShown.set(r.request.id, new Set(visibleFiles(form, role, status)));
    const row: ReportRow & { id: number } = {
      id: r.request.id,
      name: r.name,
      razao_social: r.razaoSocial,
      cnpj: r.cnpj,
      email: r.email,
      telefone: r.telefone,
      data_pedido: r.dataPedido,
      cnpj_tim: r.request.cnpjTim,
      status_atual: statusName(r.request.status),
      motivo_recusa: r.request.motivoRecusa,
      status: r.request.status,
      observacao: r.observacao,
      historico_string: r.historico,
    };
    for (const [key, field] of Object.entries(REQUEST_REPORT_FIELDS)) {
      const column = REQUEST_FIELD_COLUMNS[field as keyof typeof REQUEST_FIELD_COLUMNS];
      row[key] = fieldsShown.has(field) ? requestFieldCell(field, r.request[column]) : null;
    }
    // Names, not ids, for the two fields that point at another table.
    if (row.regional !== null) row.regional = r.regional === null ? null : regionalLabel(r.regional);
    if (row.concessionaria !== null) row.concessionaria = r.concessionaria;
    return row;
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const stage of stages) byId.get(stage.id)![stageColumnKey(stage.status)] = stage.first;
  for (const file of files)
    if (filesShown.get(file.request)!.has(file.tipo))
      byId.get(file.request)![file.tipo] = attachmentUrl(file.id);
  return inOrderOf(ids, rows);
}

const countWhere = (db: DbOrTx, where: SQL | undefined) =>
  db
    .select({ n: count() })
    .from(solicitacoes)
    .where(where)
    .then(([row]) => row?.n ?? 0);

/** How many rows the filters leave: without a search or a date range, the per-scope counters'. */
function reportTotal(db: DbOrTx, user: SessionUser, report: RequestReport, query: RequestReportQuery) {
  if (!query.q && !query.de && !query.ate) return countRequests(db, user, report, { status: query.status });
  return countWhere(db, reportWhere(user, report, query));
}

/** One page of the report, and how many rows its filters leave. */
export async function requestReportPage(
  db: DbOrTx,
  user: SessionUser,
  report: RequestReport,
  query: RequestReportQuery,
) {
  const where = reportWhere(user, report, query);
  const { limit, offset } = pageOf(query);
  const [page, total, statusName] = await Promise.all([
    db
      .select({ id: solicitacoes.id })
      .from(solicitacoes)
      .where(where)
      .orderBy(...orderBy(query, REQUEST_SORT))
      .limit(limit)
      .offset(offset),
    reportTotal(db, user, report, query),
    statusNames(db, report),
  ]);
  return {
    rows: await reportRows(
      db,
      user,
      report,
      page.map((r) => r.id),
      statusName,
    ),
    total,
  };
}

/**
 * Every row `where` leaves, as report rows, newest first, a batch per statement: each batch
 * continues after the last row of the one before along the (data_pedido, id) index of the scope,
 * so no statement holds a connection (or PGlite's only one) for the whole export.
 */
async function* requestRowBatches(
  db: DbOrTx,
  user: SessionUser,
  report: RequestReport,
  where: SQL | undefined,
  statusName: (status: number) => string,
): AsyncGenerator<ReportRow[]> {
  // The last row's order values, the instant as text so its microseconds survive the round trip.
  let after: { at: string; id: number } | undefined;
  for (;;) {
    const ids = await db
      .select({ id: solicitacoes.id, at: sql<string>`${solicitacoes.dataPedido}::text` })
      .from(solicitacoes)
      .where(
        and(
          where,
          after &&
            sql`(${solicitacoes.dataPedido}, ${solicitacoes.id}) < (${after.at}::timestamptz, ${after.id})`,
        ),
      )
      .orderBy(desc(solicitacoes.dataPedido), desc(solicitacoes.id))
      .limit(EXPORT_BATCH);
    if (ids.length === 0) return;
    yield await reportRows(
      db,
      user,
      report,
      ids.map((r) => r.id),
      statusName,
    );
    if (ids.length < EXPORT_BATCH) return;
    after = ids.at(-1)!;
  }
}

/** The report's export: its filters' rows, their count, and the form's status names for the headers. */
export async function requestReportExport(
  db: DbOrTx,
  user: SessionUser,
  report: RequestReport,
  query: RequestReportQuery,
) {
  // The file is newest first whatever the screen's order (docs/decisions/reports-and-exports.md, D-REP-008), but an order the
  // screen could not ask for is refused here too.
  sortOf(query, REQUEST_SORT);
  const [statusName, total] = await Promise.all([
    statusNames(db, report),
    reportTotal(db, user, report, query),
  ]);
  return {
    total,
    statusName,
    batches: requestRowBatches(db, user, report, reportWhere(user, report, query), statusName),
  };
}

/** A request list's export: the rows of the list's own filter, as report rows. */
export async function requestListExport(
  db: DbOrTx,
  user: SessionUser,
  form: RequestReport,
  asked: RequestListFilter,
) {
  sortOf(asked, REQUEST_SORT);
  const query = await resolveListFilter(db, asked);
  const where = requestListFilter(user, form.flow, form.kind, query);
  const [statusName, total] = await Promise.all([
    statusNames(db, form),
    requestListTotal(db, user, form.flow, form.kind, query),
  ]);
  return { total, statusName, batches: requestRowBatches(db, user, form, where, statusName) };
}
