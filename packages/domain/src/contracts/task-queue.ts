import { z } from 'zod';
import { listQuery } from '../schemas/list.ts';

/**
 * The calls of /fila-tarefas 'Fila de tarefas' (issue 16): the background tasks (e-mails) that
 * failed, for administrators to run again or discard. Declared once for server and web.
 */

/**
 * How an import or an export whose server stopped mid-way (`interrompida` in their rows) is shown:
 * the queue resumes it once its lease ends, so it is neither moving nor lost.
 */
export const INTERRUPTED_LABEL = 'Interrompida — será retomada';

/**
 * Which failures: `falhas` every task that failed (given up or waiting to retry), `desistidas`
 * only those given up after every attempt, `tentando` only those still to be retried.
 */
export const TASK_SITUATIONS = ['falhas', 'desistidas', 'tentando'] as const;
export type TaskSituation = (typeof TASK_SITUATIONS)[number];

export const taskListQuery = listQuery.pick({ page: true, per_page: true }).extend({
  situacao: z.enum(TASK_SITUATIONS, { error: 'O campo Situação é inválido.' }).default('falhas'),
});
export type TaskListQuery = z.infer<typeof taskListQuery>;

export const taskRow = z.object({
  id: z.number(),
  /** The kind as the code names it, and as the administrator reads it. */
  tipo: z.string(),
  tipo_label: z.string(),
  /** `desistida`: no attempt left; `tentando`: waits for the next attempt. */
  situacao: z.enum(['desistida', 'tentando']),
  tentativas: z.number(),
  max_tentativas: z.number(),
  /** The last attempt's error, with recipients masked and links removed. */
  ultimo_erro: z.string().nullable(),
  /** What the task is about, without secrets: e.g. 'Solicitação nº 12 · para ma***@empresa.com.br'. */
  descricao: z.string(),
  /** ISO instants. */
  criada_em: z.string(),
  /** Next attempt; null once given up. */
  proxima_execucao: z.string().nullable(),
});
export type TaskRow = z.infer<typeof taskRow>;

export const taskListReply = z.object({ error: z.literal(0), total: z.number(), dados: z.array(taskRow) });
export type TaskListReply = z.infer<typeof taskListReply>;
