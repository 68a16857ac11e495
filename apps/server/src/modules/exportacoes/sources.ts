import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { canSee, formAccessProblem, type MenuKey, type SessionUser } from '@portal/domain';
import { EXPORT_ORIGINS, type ExportOrigin } from '@portal/domain/contracts/exports';
import { requestListExportQuery } from '@portal/domain/contracts/requests';
import {
  regularizationListExportQuery,
  regularizationReportExportQuery,
  REGULARIZATION_REPORT_COLUMNS,
  reportOf,
  reportOfForm,
  requestReportColumns,
  requestReportExportQuery,
  type ExportFormat,
} from '@portal/domain/reports';
import type { DbOrTx } from '../../db/client.ts';
import { forbidden, type AppError } from '../../http/errors.ts';
import { sendSheet, type SheetRows } from '../../http/sheet-export.ts';
import {
  regularizationListExport,
  regularizationReportExport,
} from '../relatorios/regularization-report-repo.ts';
import { requestListExport, requestReportExport } from '../relatorios/request-report-repo.ts';

/** What every export's query string holds besides the list's filters. */
export interface ExportQuery {
  formato: ExportFormat;
}

/**
 * A list whose file can be written by the queue (issue 16) or streamed by its own GET: one
 * definition serves both, so the stored file and the direct download hold the same rows.
 */
export interface ExportSource {
  origem: string;
  titulo: string;
  /** The list's own rule (its GET's guard): the 403 a user without it gets, or nothing. */
  refusal(user: SessionUser): AppError | undefined;
  /** The GET's query string: the list's filters and `formato`. */
  query: z.ZodType<ExportQuery>;
  /** The same, refusing fields it does not know: a request kept in the database is checked with it. */
  strictQuery: z.ZodType<ExportQuery>;
  /** The rows `query` (as parsed by `query`) leaves within the user's scope, with the file's names. */
  rows(db: DbOrTx, user: SessionUser, query: ExportQuery): Promise<SheetRows>;
}

type Query<Q extends z.ZodObject> = z.output<Q> & ExportQuery;

function defineSource<Q extends z.ZodObject>(
  origin: ExportOrigin,
  refusal: ExportSource['refusal'],
  query: Q & z.ZodType<ExportQuery>,
  rows: (db: DbOrTx, user: SessionUser, query: Query<Q>) => Promise<SheetRows>,
): ExportSource {
  return {
    origem: origin.origem,
    titulo: origin.titulo,
    refusal,
    query,
    // strict() changes what is refused, never the output; its generic type loses the shape.
    strictQuery: query.strict() as unknown as z.ZodType<ExportQuery>,
    // Only what `query` (or its strict copy) parsed reaches here.
    rows: (db, user, parsed) => rows(db, user, parsed as Query<Q>),
  };
}

const menuRefusal =
  (key: MenuKey) =>
  (user: SessionUser): AppError | undefined =>
    canSee(user, key) ? undefined : forbidden();

const REGULARIZATION_MENU = { energia: 'consolidacao', agua: 'agua-consolidacao' } as const;

function sourceOf(origin: ExportOrigin): ExportSource {
  switch (origin.of) {
    case 'report': {
      const { report } = origin;
      const file = { fileName: report.fileName, sheetName: report.sheetName };
      const refusal = menuRefusal(report.menuKey);
      if (report.source.of === 'requests') {
        const form = { flow: report.flow, kind: report.source.kind };
        return defineSource(origin, refusal, requestReportExportQuery, async (db, user, query) => {
          const { total, batches, statusName } = await requestReportExport(db, user, form, query);
          return { ...file, total, batches, columns: requestReportColumns(statusName) };
        });
      }
      return defineSource(origin, refusal, regularizationReportExportQuery, async (db, user, query) => ({
        ...file,
        ...(await regularizationReportExport(db, user, report.flow, query)),
        columns: REGULARIZATION_REPORT_COLUMNS,
      }));
    }
    case 'request-list': {
      const form = { flow: origin.flow, kind: origin.kind };
      const { fileName, sheetName } = reportOfForm(form.flow, form.kind);
      const refusal = (user: SessionUser) => {
        const problem = formAccessProblem(user, form.flow, form.kind);
        return problem === null ? undefined : forbidden(problem);
      };
      // 'Exportar' on the list: every row of its current filter, as the form's report writes them.
      return defineSource(origin, refusal, requestListExportQuery, async (db, user, query) => {
        const { total, statusName, batches } = await requestListExport(db, user, form, query);
        return { fileName, sheetName, total, batches, columns: requestReportColumns(statusName) };
      });
    }
    case 'regularization-list': {
      const { flow } = origin;
      const { fileName, sheetName } = reportOf(flow, 'regularizacao');
      // Every record of the list's current filter (whoever opens the list sees every record).
      return defineSource(
        origin,
        menuRefusal(REGULARIZATION_MENU[flow]),
        regularizationListExportQuery,
        async (db, _user, query) => ({
          fileName,
          sheetName,
          ...(await regularizationListExport(db, flow, query)),
          columns: REGULARIZATION_REPORT_COLUMNS,
        }),
      );
    }
  }
}

/** Every list the queue can export, by its direct export call (the `origem` kept with the request). */
export const EXPORT_SOURCES: ReadonlyMap<string, ExportSource> = new Map(
  EXPORT_ORIGINS.map((origin) => [origin.origem, sourceOf(origin)]),
);

/** The source behind a direct export route; a route naming none is a programming error. */
export function exportSource(origem: string): ExportSource {
  const source = EXPORT_SOURCES.get(origem);
  if (!source) throw new Error(`nenhuma exportação registrada para ${origem}`);
  return source;
}

/** The direct export: the source's file streamed in the answer, as it is written. */
export async function sendExport(
  reply: FastifyReply,
  source: ExportSource,
  user: SessionUser,
  query: ExportQuery,
): Promise<FastifyReply> {
  const { db, config } = reply.server;
  const rows = await source.rows(db, user, query);
  return sendSheet(reply, { ...rows, format: query.formato, publicUrl: config.publicUrl });
}
