import { taskCalls } from '@portal/domain/contracts/calls/admin/tasks';
import type { TaskListQuery } from '@portal/domain/contracts/task-queue';
import { call } from '../../../api/client.ts';

export type { TaskRow, TaskSituation } from '@portal/domain/contracts/task-queue';

export const listTasks = (query: TaskListQuery) => call(taskCalls.list, { query });

export const requeueTask = (id: number) => call(taskCalls.requeue, { params: { id } });

export const discardTask = (id: number) => call(taskCalls.discard, { params: { id } });

/** Every query key of /fila-tarefas. */
export const taskKeys = {
  all: ['fila-tarefas'] as const,
  list: (query: TaskListQuery) => [...taskKeys.all, 'list', query] as const,
};
