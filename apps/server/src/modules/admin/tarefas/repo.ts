import { and, count, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { TaskListQuery, TaskListReply, TaskRow } from '@portal/domain/contracts/task-queue';
import type { Database, DbOrTx } from '../../../db/client.ts';
import { filaTarefas, passwordResets, usuarios } from '../../../db/schema.ts';
import { givenUp, MAX_ATTEMPTS, retrying } from '../../../jobs/queue.ts';
import { maskEmail } from '../../../mail/send-from-task.ts';
import { RECOVERY_MAIL } from '../../auth/recovery-mail.ts';
import { IMPORT_BASE } from '../../conciliacao/repo.ts';
import { EXPORT_TASK } from '../../exportacoes/repo.ts';
import { STATUS_MAIL } from '../../notificacoes/status-mail.ts';

const KIND_LABELS: Readonly<Record<string, string>> = {
  [STATUS_MAIL]: 'E-mail de mudança de status',
  [RECOVERY_MAIL]: 'E-mail de recuperação de senha',
  [IMPORT_BASE]: 'Importação da base do provedor',
  [EXPORT_TASK]: 'Exportação de lista',
};

/** The kinds whose data is the id of their own row: an import run, an export. */
const NUMBERED: Readonly<Record<string, { field: string; label: string }>> = {
  [IMPORT_BASE]: { field: 'importacao', label: 'Importação' },
  [EXPORT_TASK]: { field: 'id', label: 'Exportação' },
};

const WHERE = {
  falhas: isNotNull(filaTarefas.ultimoErro),
  desistidas: givenUp,
  tentando: retrying,
} as const;

type Stored = typeof filaTarefas.$inferSelect;
const field = (dados: unknown, key: string): unknown =>
  dados && typeof dados === 'object' ? (dados as Record<string, unknown>)[key] : undefined;

/**
 * What a task is about, from the fields each kind is known to carry, never its raw data: a
 * recovery task leads to a reset, and a kind written by another version shows nothing of itself.
 * Recipients are masked (docs/decisions/server-infrastructure.md, D-INF-025).
 */
async function describeTasks(db: Database, tasks: Stored[]): Promise<Map<number, string>> {
  const resetIds = tasks
    .filter((t) => t.tipo === RECOVERY_MAIL)
    .map((t) => field(t.dados, 'reset'))
    .filter((id): id is number => Number.isSafeInteger(id));
  const resetEmails = new Map(
    resetIds.length === 0
      ? []
      : (
          await db
            .select({ id: passwordResets.id, email: usuarios.email })
            .from(passwordResets)
            .innerJoin(usuarios, eq(usuarios.id, passwordResets.idUsuario))
            .where(inArray(passwordResets.id, resetIds))
        ).map((r) => [r.id, r.email]),
  );
  return new Map(
    tasks.map((t) => {
      if (t.tipo === STATUS_MAIL) {
        const numero = field(t.dados, 'numero');
        const para = field(t.dados, 'para');
        const to = typeof para === 'string' ? ` · para ${maskEmail(para)}` : '';
        return [t.id, `Solicitação nº ${typeof numero === 'number' ? numero : '?'}${to}`];
      }
      if (t.tipo === RECOVERY_MAIL) {
        const email = resetEmails.get(field(t.dados, 'reset') as number);
        return [
          t.id,
          email ? `Link de senha · para ${maskEmail(email)}` : 'Link de senha de um pedido removido',
        ];
      }
      const numbered = NUMBERED[t.tipo];
      const number = numbered && field(t.dados, numbered.field);
      if (numbered && Number.isSafeInteger(number)) return [t.id, `${numbered.label} nº ${number as number}`];
      return [t.id, '—'];
    }),
  );
}

/** The failed tasks, newest first, a page at a time. */
export async function listTasks(db: Database, query: TaskListQuery): Promise<TaskListReply> {
  const where = WHERE[query.situacao];
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select()
      .from(filaTarefas)
      .where(where)
      .orderBy(desc(filaTarefas.criadaEm), desc(filaTarefas.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ total: count() }).from(filaTarefas).where(and(where)),
  ]);
  const descriptions = await describeTasks(db, rows);
  const dados: TaskRow[] = rows.map((t) => ({
    id: t.id,
    tipo: t.tipo,
    tipo_label: KIND_LABELS[t.tipo] ?? t.tipo,
    situacao: t.concluidaEm ? 'desistida' : 'tentando',
    tentativas: t.tentativas,
    max_tentativas: MAX_ATTEMPTS,
    ultimo_erro: t.ultimoErro,
    descricao: descriptions.get(t.id)!,
    criada_em: t.criadaEm.toISOString(),
    proxima_execucao: t.concluidaEm ? null : t.executarEm.toISOString(),
  }));
  return { error: 0, total, dados };
}

/** A task's kind and attempts, as its audit entry records them. */
export async function findTaskAttempts(db: DbOrTx, id: number) {
  const [task] = await db
    .select({ tipo: filaTarefas.tipo, tentativas: filaTarefas.tentativas })
    .from(filaTarefas)
    .where(eq(filaTarefas.id, id));
  return task;
}
