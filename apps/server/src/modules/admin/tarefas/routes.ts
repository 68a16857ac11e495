import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { taskCalls } from '@portal/domain/contracts/calls/admin/tasks';
import { writeAudit } from '../../../audit/audit.ts';
import { contextOf, type ActorContext } from '../../../http/context.ts';
import { conflict, notFound } from '../../../http/errors.ts';
import { route } from '../../../http/route.ts';
import { discardFailed, requeueGivenUp } from '../../../jobs/queue.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { findTaskAttempts, listTasks } from './repo.ts';

export const TASK_NOT_FOUND = 'Tarefa não encontrada.';
export const NOT_GIVEN_UP =
  'Esta tarefa não está abandonada: só uma tarefa que esgotou as tentativas pode ser reexecutada.';
export const NOT_FAILED = 'Esta tarefa não falhou: só uma tarefa com falha pode ser descartada.';
export const REQUEUED = 'Tarefa recolocada na fila: será executada em instantes.';
export const DISCARDED = 'Tarefa descartada.';

/**
 * One change to a failed task, audited in its transaction. When the change finds no such task, a
 * missing id is 404 and a task in another state is 409 (the conditional update decides, so two
 * administrators acting at once do it once).
 */
async function changeFailedTask(
  ctx: ActorContext,
  id: number,
  change: (tx: DbOrTx, id: number) => Promise<boolean>,
  acao: 'reexecutar-tarefa' | 'descartar-tarefa',
  refusal: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await findTaskAttempts(tx, id);
    if (!before) throw notFound(TASK_NOT_FOUND);
    if (!(await change(tx, id))) throw conflict(refusal);
    await writeAudit(tx, {
      idUsuario: ctx.user.id,
      acao,
      entidade: 'tarefa',
      entidadeId: id,
      antes: before,
      ip: ctx.ip,
    });
  });
}

/**
 * /fila-tarefas 'Fila de tarefas' (issue 16): the queue's failed tasks, for administrators only
 * (the menu's rule, checked before anything is read).
 */
export const tarefasRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, taskCalls.list, async (request) => listTasks(app.db, request.query));

  route(app, taskCalls.requeue, async (request) => {
    await changeFailedTask(
      contextOf(request),
      request.params.id,
      requeueGivenUp,
      'reexecutar-tarefa',
      NOT_GIVEN_UP,
    );
    return { error: 0 as const, msg: REQUEUED };
  });

  route(app, taskCalls.discard, async (request) => {
    await changeFailedTask(
      contextOf(request),
      request.params.id,
      discardFailed,
      'descartar-tarefa',
      NOT_FAILED,
    );
    return { error: 0 as const, msg: DISCARDED };
  });
};
