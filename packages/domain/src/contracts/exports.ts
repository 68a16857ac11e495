import { z } from 'zod';
import { ALL_FLOW_KINDS, FLOWS_LIST, type Flow, type Kind } from '../catalogs/flow-kind.ts';
import { REPORTS, type ReportDefinition } from '../reports/definitions.ts';
import { EXPORT_FORMATS } from '../reports/query.ts';
import { REGULARIZATION_TITLES, requestForm } from '../workflow/forms.ts';

/**
 * Large exports made by the job queue (issue 16): the user asks for a list's file, the queue
 * writes it into storage while the screen shows its progress, and the user downloads it within
 * a day. Declared once for server and web.
 */

/**
 * A list whose file the queue writes: one of the six reports, a request form's list or a
 * regularization list. `origem` is the list's direct export call under /api (its GET, which stays
 * for API clients); the administration lists are small and keep only that direct download.
 */
export type ExportOrigin = { origem: string; titulo: string } & (
  | { of: 'report'; report: ReportDefinition }
  | { of: 'request-list'; flow: Flow; kind: Kind }
  | { of: 'regularization-list'; flow: Flow }
);

const REGULARIZATION_API: Record<Flow, string> = { energia: 'consolidacao', agua: 'agua/consolidacao' };

export const EXPORT_ORIGINS: readonly ExportOrigin[] = [
  ...REPORTS.map((report): ExportOrigin => ({
    origem: `${report.api}/exportar`,
    titulo: report.title,
    of: 'report',
    report,
  })),
  ...ALL_FLOW_KINDS.map(({ flow, kind }): ExportOrigin => {
    const form = requestForm(flow, kind);
    return { origem: `${form.apiBase}/list/exportar`, titulo: form.title, of: 'request-list', flow, kind };
  }),
  ...FLOWS_LIST.map((flow): ExportOrigin => ({
    origem: `${REGULARIZATION_API[flow]}/list/exportar`,
    titulo: REGULARIZATION_TITLES[flow],
    of: 'regularization-list',
    flow,
  })),
];

/** The list a direct export call names, when the queue can write its file. */
export const exportOrigin = (origem: string): ExportOrigin | undefined =>
  EXPORT_ORIGINS.find((o) => o.origem === origem);

/** A user has at most this many exports waiting or being written at once. */
export const MAX_EXPORTS_UNDER_WAY = 3;
/** How long a finished file can be downloaded. */
export const EXPORT_FILE_HOURS = 24;
/** How far back "Minhas exportações" reaches, and how many it shows. */
export const EXPORT_LIST_DAYS = 7;
export const EXPORT_LIST_MAX = 50;

/** na-fila → gerando → pronta, or falhou (`erro` says why), or expirada (the file was removed). */
export const EXPORT_SITUATIONS = ['na-fila', 'gerando', 'pronta', 'falhou', 'expirada'] as const;
export type ExportSituation = (typeof EXPORT_SITUATIONS)[number];
/** Waiting or being written: counts against MAX_EXPORTS_UNDER_WAY. */
export const UNDER_WAY: readonly ExportSituation[] = ['na-fila', 'gerando'];

/**
 * POST /api/exportacoes: which list, which format, and the list's filters as its direct export
 * call takes them in the query string (checked against that call's own schema).
 */
export const exportRequestBody = z.object({
  origem: z.string({ error: 'Informe a lista a exportar.' }).max(200, 'Lista de exportação desconhecida.'),
  formato: z.enum(EXPORT_FORMATS, { error: 'Formato de arquivo inválido.' }).default('xlsx'),
  filtros: z.record(z.string(), z.unknown(), { error: 'Os filtros devem ser um objeto.' }).default({}),
});
/** As the web sends it (format and filters may be left out). */
export type ExportRequestBody = z.input<typeof exportRequestBody>;
/** As the server reads it. */
export type ExportRequest = z.output<typeof exportRequestBody>;

export const exportRow = z.object({
  id: z.number(),
  origem: z.string(),
  /** The list's name as the menu shows it. */
  titulo: z.string(),
  formato: z.enum(EXPORT_FORMATS),
  situacao: z.enum(EXPORT_SITUATIONS),
  /** Rows the file will hold: counted when asked, counted again when the writing starts. */
  linhas_total: z.number().nullable(),
  linhas_escritas: z.number(),
  nome_arquivo: z.string().nullable(),
  /** Bytes, once written. */
  tamanho: z.number().nullable(),
  erro: z.string().nullable(),
  /** ISO instants. */
  criada_em: z.string(),
  concluida_em: z.string().nullable(),
  expira_em: z.string().nullable(),
  /** Where the file downloads from while it is kept; null otherwise. */
  arquivo_url: z.string().nullable(),
  /** Being written, and its worker stopped 30 s ago or more (its process died): it will be resumed. */
  interrompida: z.boolean(),
});
export type ExportRow = z.infer<typeof exportRow>;

export const exportReply = z.object({ error: z.literal(0), dados: exportRow });
export const exportListReply = z.object({ error: z.literal(0), dados: z.array(exportRow) });
export type ExportListReply = z.infer<typeof exportListReply>;
