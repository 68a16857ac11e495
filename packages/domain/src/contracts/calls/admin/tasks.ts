import { z } from 'zod';
import { recordId } from '../../../schemas/fields.ts';
import { defineCall, menuRule } from '../../call.ts';
import { messageReply } from '../../envelopes.ts';
import { taskListQuery, taskListReply } from '../../task-queue.ts';

const taskTags = ['Fila de tarefas'];
const taskParams = z.object({ id: recordId });
/** /fila-tarefas (issue 16): the queue's failed tasks, for administrators only. */
export const taskCalls = {
  list: defineCall({
    method: 'GET',
    path: '/api/admin/tarefas',
    tags: taskTags,
    access: menuRule('fila-tarefas'),
    query: taskListQuery,
    answer: taskListReply,
  }),
  /** Takes no body: the task is the path's. */
  requeue: defineCall({
    method: 'POST',
    path: '/api/admin/tarefas/:id/reexecutar',
    tags: taskTags,
    access: menuRule('fila-tarefas'),
    params: taskParams,
    answer: messageReply,
    errors: ['notFound', 'conflict'],
  }),
  discard: defineCall({
    method: 'DELETE',
    path: '/api/admin/tarefas/:id',
    tags: taskTags,
    access: menuRule('fila-tarefas'),
    params: taskParams,
    answer: messageReply,
    errors: ['notFound', 'conflict'],
  }),
};
