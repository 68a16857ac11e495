import { z } from 'zod';
import { FLOWS_LIST } from '../catalogs/flow-kind.ts';
import { listQuery } from '../schemas/list.ts';

/**
 * The calls of /conciliacao-da-base (issue 11): a preview of a file's first rows, the import of
 * the provider's base export, the runs and their rejected rows. Declared once for server and web.
 */

/**
 * A run's way (issue 16): na-fila (the file is stored and waits for the job queue, also between
 * attempts) → recebendo (being read) → aplicando → aplicada, or falhou (nothing applied).
 */
export const IMPORT_SITUATIONS = ['na-fila', 'recebendo', 'aplicando', 'aplicada', 'falhou'] as const;
export type ImportSituation = (typeof IMPORT_SITUATIONS)[number];
/** A run not ended yet: the queue still owes it an attempt, and the screen follows it. */
export const IMPORT_UNDER_WAY: readonly ImportSituation[] = ['na-fila', 'recebendo', 'aplicando'];

/** The flow of the base a file holds: energy units or water registrations. */
export const importQuery = z.object({
  fluxo: z.enum(FLOWS_LIST, { error: 'O campo Fluxo deve ser energia ou agua.' }),
});

export const importRunRow = z.object({
  id: z.number(),
  fluxo: z.enum(FLOWS_LIST),
  usuario: z.string().nullable(),
  nome_arquivo: z.string(),
  situacao: z.enum(IMPORT_SITUATIONS),
  linhas_lidas: z.number(),
  linhas_aceitas: z.number(),
  linhas_rejeitadas: z.number(),
  divergencias_abertas: z.number(),
  divergencias_fechadas: z.number(),
  erro: z.string().nullable(),
  /** Where the rejected rows (csv, with the reason per row) download from; null when none. */
  rejeitadas_url: z.string().nullable(),
  iniciada_em: z.string(),
  concluida_em: z.string().nullable(),
  /** Reading or applying, and its worker stopped 30 s ago or more (its process died): it will be resumed. */
  interrompida: z.boolean(),
});
export type ImportRunRow = z.infer<typeof importRunRow>;

export const importRunsBody = z.preprocess(
  (v) => v ?? {},
  listQuery.pick({ page: true, per_page: true }).extend(importQuery.partial().shape),
);
export const importRunsReply = z.object({
  error: z.literal(0),
  total: z.number(),
  dados: z.array(importRunRow),
});

export const importReply = z.object({ error: z.literal(0), msg: z.string(), dados: importRunRow });

/** The first rows of a file, as the import would read them. */
export const previewReply = z.object({
  error: z.literal(0),
  dados: z.object({
    colunas: z.array(z.object({ cabecalho: z.string(), campo: z.string().nullable() })),
    /** Why the file would be refused whole (a required column missing…), or null. */
    problema: z.string().nullable(),
    linhas: z.array(
      z.object({ linha: z.number(), valores: z.array(z.string()), motivos: z.array(z.string()) }),
    ),
  }),
});
export type Preview = z.infer<typeof previewReply>['dados'];
