import {
  and,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  notExists,
  sql,
} from 'drizzle-orm';
import type { SessionUser } from '@portal/domain';
import {
  EXPORT_FILE_HOURS,
  EXPORT_LIST_DAYS,
  EXPORT_LIST_MAX,
  MAX_EXPORTS_UNDER_WAY,
  UNDER_WAY,
  type ExportRequest,
  type ExportRow,
} from '@portal/domain/contracts/exports';
import type { Database, DbOrTx } from '../../db/client.ts';
import { exportacoes, filaTarefas, usuarios } from '../../db/schema.ts';
import { AppError, notFound, schemaProblemStatus, tooMany, unprocessable } from '../../http/errors.ts';
import { enqueue, silentTask } from '../../jobs/queue.ts';
import { EXPORT_SOURCES, type ExportQuery, type ExportSource } from './sources.ts';

export type StoredExport = typeof exportacoes.$inferSelect;

/** The queue's task kind that writes an export's file (generate.ts). */
export const EXPORT_TASK = 'exportar-lista';

export const TOO_MANY_UNDER_WAY = `Você já tem ${MAX_EXPORTS_UNDER_WAY} exportações em andamento. Aguarde uma terminar para pedir outra.`;
export const UNKNOWN_ORIGIN = 'Esta lista não pode ser exportada em segundo plano.';

/**
 * A request's filters checked with the list's own export schema, refusing any field that list
 * does not take: the first problem in Portuguese, named after the filter, with the status the
 * list's own call gives that problem (the error catalogue's: unknown filter 400, unknown status 422).
 */
export function parseFilters(
  source: ExportSource,
  filtros: Record<string, unknown>,
  formato: ExportQuery['formato'],
): { query: ExportQuery } | { problem: string; field: string; status: 400 | 422 } {
  const parsed = source.strictQuery.safeParse({ ...filtros, formato });
  if (parsed.success) return { query: parsed.data };
  const issue = parsed.error.issues[0]!;
  if (issue.code === 'unrecognized_keys')
    return {
      problem: `Filtro desconhecido nesta lista: ${issue.keys.join(', ')}.`,
      field: 'filtros',
      status: schemaProblemStatus(issue.code),
    };
  return {
    problem: issue.message,
    field: ['filtros', ...issue.path.map(String)].join('.'),
    status: schemaProblemStatus(issue.code),
  };
}

/**
 * Records a request for a list's file and queues its writing, in one transaction: the list must
 * be one the queue exports and the user must be allowed to open it (the list's own rule), its
 * filters must be the list's, and the user may not have more than MAX_EXPORTS_UNDER_WAY waiting.
 */
export async function requestExport(
  db: DbOrTx,
  user: SessionUser,
  body: ExportRequest,
): Promise<StoredExport> {
  const source = EXPORT_SOURCES.get(body.origem);
  if (!source) throw unprocessable(UNKNOWN_ORIGIN, 'origem');
  const refusal = source.refusal(user);
  if (refusal) throw refusal;
  const parsed = parseFilters(source, body.filtros, body.formato);
  if ('problem' in parsed) throw new AppError(parsed.status, parsed.problem, parsed.field);
  // What the list would refuse (an order it cannot sort by) is refused now; the count starts the bar.
  const { total } = await source.rows(db, user, parsed.query);
  return db.transaction(async (tx) => {
    // One request per user at a time past this point, so two at once cannot both pass the limit.
    await tx.select({ id: usuarios.id }).from(usuarios).where(eq(usuarios.id, user.id)).for('update');
    const [underWay] = await tx
      .select({ n: count() })
      .from(exportacoes)
      .where(and(eq(exportacoes.idUsuario, user.id), inArray(exportacoes.situacao, UNDER_WAY)));
    if ((underWay?.n ?? 0) >= MAX_EXPORTS_UNDER_WAY) throw tooMany(TOO_MANY_UNDER_WAY);
    const [row] = await tx
      .insert(exportacoes)
      .values({
        idUsuario: user.id,
        origem: source.origem,
        formato: body.formato,
        filtros: body.filtros,
        linhasTotal: total,
      })
      .returning();
    await enqueue(tx, EXPORT_TASK, { id: row!.id });
    return row!;
  });
}

/** An export as stored, and whether its worker died while writing it (the list says so). */
export type ListedExport = StoredExport & { interrompida: boolean };
const listedColumns = {
  ...getTableColumns(exportacoes),
  // Named in full: in a select list drizzle leaves columns unqualified, and the subquery has an id too.
  interrompida: sql<boolean>`exportacoes.situacao = 'gerando' and ${silentTask(EXPORT_TASK, 'id', sql`exportacoes.id`)}`,
};

/** The user's own exports of the last days, newest first. */
export const listOwnExports = (db: DbOrTx, userId: number): Promise<ListedExport[]> =>
  db
    .select(listedColumns)
    .from(exportacoes)
    .where(
      and(
        eq(exportacoes.idUsuario, userId),
        gt(exportacoes.criadaEm, sql`now() - make_interval(days => ${EXPORT_LIST_DAYS})`),
      ),
    )
    .orderBy(desc(exportacoes.criadaEm), desc(exportacoes.id))
    .limit(EXPORT_LIST_MAX);

/** One of the user's own exports; another user's is as unknown as one that never existed. */
export async function findOwnExport(db: DbOrTx, userId: number, id: number): Promise<ListedExport> {
  const [row] = await db
    .select(listedColumns)
    .from(exportacoes)
    .where(and(eq(exportacoes.id, id), eq(exportacoes.idUsuario, userId)));
  if (!row) throw notFound('Exportação não encontrada.');
  return row;
}

/** A finished file past its time reads as expired even before the cleanup removed it. */
export const isExpired = (row: StoredExport, now: Date) =>
  row.situacao === 'expirada' || (row.situacao === 'pronta' && row.expiraEm !== null && row.expiraEm <= now);

export function toExportRow(row: StoredExport & { interrompida?: boolean }, now = new Date()): ExportRow {
  const expired = isExpired(row, now);
  return {
    id: row.id,
    origem: row.origem,
    titulo: EXPORT_SOURCES.get(row.origem)?.titulo ?? row.origem,
    formato: row.formato,
    situacao: expired ? 'expirada' : row.situacao,
    linhas_total: row.linhasTotal,
    linhas_escritas: row.linhasEscritas,
    nome_arquivo: row.nomeArquivo,
    tamanho: row.tamanho,
    erro: row.erro,
    criada_em: row.criadaEm.toISOString(),
    concluida_em: row.concluidaEm?.toISOString() ?? null,
    expira_em: row.expiraEm?.toISOString() ?? null,
    arquivo_url: row.situacao === 'pronta' && !expired ? `/api/exportacoes/${row.id}/arquivo` : null,
    // A row just written (asked for now) has no worker yet to have lost.
    interrompida: row.interrompida ?? false,
  };
}

// The task's writes (generate.ts) and the housekeeping's (expire.ts).

export async function findExport(db: Database, id: number): Promise<StoredExport | undefined> {
  const [row] = await db.select().from(exportacoes).where(eq(exportacoes.id, id));
  return row;
}

/** Ends an export that is still under way (or failed before) as failed, with why. */
export async function markExportFailed(db: Database, id: number, erro: string) {
  await db
    .update(exportacoes)
    .set({ situacao: 'falhou', erro, concluidaEm: sql`now()` })
    .where(and(eq(exportacoes.id, id), inArray(exportacoes.situacao, [...UNDER_WAY, 'falhou'])));
}

/** Marks an export under way (or failed before) as being written; false when another run finished it. */
export async function markExportGenerating(db: Database, id: number, linhasTotal: number): Promise<boolean> {
  const started = await db
    .update(exportacoes)
    .set({ situacao: 'gerando', linhasTotal, linhasEscritas: 0, erro: null, concluidaEm: null })
    .where(and(eq(exportacoes.id, id), inArray(exportacoes.situacao, [...UNDER_WAY, 'falhou'])))
    .returning({ id: exportacoes.id });
  return started.length > 0;
}

/** The rows written so far, unless another run of the export has finished it: its count stands. */
export async function recordExportProgress(db: Database, id: number, linhasEscritas: number) {
  await db
    .update(exportacoes)
    .set({ linhasEscritas })
    .where(and(eq(exportacoes.id, id), eq(exportacoes.situacao, 'gerando')));
}

/** Marks an export being written as ready with its file; false when another run finished first. */
export async function markExportReady(
  db: Database,
  id: number,
  file: { key: string; size: number; name: string; rows: number },
): Promise<boolean> {
  const done = await db
    .update(exportacoes)
    .set({
      situacao: 'pronta',
      arquivoKey: file.key,
      tamanho: file.size,
      // The direct download's name.
      nomeArquivo: file.name,
      linhasEscritas: file.rows,
      concluidaEm: sql`now()`,
      expiraEm: sql`now() + make_interval(hours => ${EXPORT_FILE_HOURS})`,
    })
    .where(and(eq(exportacoes.id, id), eq(exportacoes.situacao, 'gerando')))
    .returning({ id: exportacoes.id });
  return done.length > 0;
}

/** Up to `limit` exports whose file is past `expira_em`. */
export const exportsPastTheirTime = (db: Database, limit: number) =>
  db
    .select({ id: exportacoes.id, key: exportacoes.arquivoKey })
    .from(exportacoes)
    .where(and(isNotNull(exportacoes.arquivoKey), lte(exportacoes.expiraEm, sql`now()`)))
    .limit(limit);

export async function markExportExpired(db: Database, id: number) {
  await db.update(exportacoes).set({ situacao: 'expirada', arquivoKey: null }).where(eq(exportacoes.id, id));
}

/** Fails, with why, every export still waiting whose task is no longer pending. */
export async function failExportsWithoutTask(db: Database, erro: string) {
  await db
    .update(exportacoes)
    .set({ situacao: 'falhou', erro, concluidaEm: sql`now()` })
    .where(
      and(
        inArray(exportacoes.situacao, [...UNDER_WAY]),
        notExists(
          db
            .select({ id: filaTarefas.id })
            .from(filaTarefas)
            .where(
              and(
                eq(filaTarefas.tipo, EXPORT_TASK),
                isNull(filaTarefas.concluidaEm),
                eq(sql`${filaTarefas.dados}->>'id'`, sql`${exportacoes.id}::text`),
              ),
            ),
        ),
      ),
    );
}

/** Deletes the rows, without a file, older than the list shows. */
export async function deleteExportsPastTheList(db: Database) {
  await db
    .delete(exportacoes)
    .where(
      and(
        isNull(exportacoes.arquivoKey),
        lt(exportacoes.criadaEm, sql`now() - make_interval(days => ${EXPORT_LIST_DAYS})`),
      ),
    );
}
