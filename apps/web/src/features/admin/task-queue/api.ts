import type { TaskListQuery, TaskListReply } from '@portal/domain/contracts/task-queue';
import { api, apiGet, apiPost } from '../../../api/client.ts';

export type { TaskRow, TaskSituation } from '@portal/domain/contracts/task-queue';

export const listTasks = (query: TaskListQuery) =>
  apiGet<TaskListReply>(
    `admin/tarefas?${new URLSearchParams({ situacao: query.situacao, page: String(query.page), per_page: String(query.per_page) })}`,
  );

export const requeueTask = (id: number) => apiPost<{ msg: string }>(`admin/tarefas/${id}/reexecutar`);

export const discardTask = (id: number) => api<{ msg: string }>('DELETE', `admin/tarefas/${id}`);

/** Every query key of /fila-tarefas. */
export const taskKeys = {
  all: ['fila-tarefas'] as const,
  list: (query: TaskListQuery) => [...taskKeys.all, 'list', query] as const,
};
