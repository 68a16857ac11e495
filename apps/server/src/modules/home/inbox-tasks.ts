import { inboxTasks, POST_APPROVAL_LISTS, type SessionUser } from '@portal/domain';
import type { DashboardInboxTask } from '@portal/domain/contracts/dashboard';
import type { DbOrTx } from '../../db/client.ts';
import { approvedCounts, postApprovalCounts, regularizationCounts } from './inbox-repo.ts';

/**
 * "Aguardando minha ação" outside the four request forms: the entries dashboard/inbox.ts derives
 * from the user's policies, each counted as its list counts it. Only the kinds the user has are read.
 */
export async function countInboxTasks(tx: DbOrTx, user: SessionUser): Promise<DashboardInboxTask[]> {
  const tasks = inboxTasks(user);
  const flowsOf = (tipo: DashboardInboxTask['tipo']) => [
    ...new Set(tasks.flatMap((t) => (t.tipo === tipo && 'fluxo' in t ? [t.fluxo] : []))),
  ];
  const regularizationFlows = flowsOf('regularizacao');
  const confirmationFlows = flowsOf('confirmacao-base');
  const regularizations = regularizationFlows.length
    ? await regularizationCounts(tx, regularizationFlows)
    : [];
  const approved = confirmationFlows.length ? await approvedCounts(tx, user, confirmationFlows) : [];
  const stages = tasks.some((t) => t.tipo === 'pos-aprovacao') ? await postApprovalCounts(tx, user) : [];

  return tasks.map((task): DashboardInboxTask => {
    switch (task.tipo) {
      case 'regularizacao': {
        const row = regularizations.find((r) => r.fluxo === task.fluxo && r.status === task.status);
        return { ...task, total: row?.total ?? 0 };
      }
      case 'confirmacao-base': {
        const row = approved.find((r) => r.fluxo === task.fluxo) ?? { naBase: 0, total: 0 };
        return { ...task, total: task.situacao === 'na-base' ? row.naBase : row.total - row.naBase };
      }
      case 'pos-aprovacao': {
        const stage = POST_APPROVAL_LISTS[task.lista];
        return { ...task, total: stages.find((s) => s.etapa === stage)?.total ?? 0 };
      }
    }
  });
}
