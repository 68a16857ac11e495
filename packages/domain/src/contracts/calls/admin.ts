import { z } from 'zod';
import type { MenuKey } from '../../access/menu.ts';
import { listExportQuery } from '../../reports/query.ts';
import { recordId } from '../../schemas/fields.ts';
import { companySaveBody, regionalSaveBody, userSaveBody } from '../../schemas/admin.ts';
import {
  concessionariaSaveBody,
  flowFilter,
  groupSaveBody,
  statusLabelEditBody,
  statusLabelFilter,
} from '../../schemas/admin-reference.ts';
import {
  companyRow,
  concessionaireRow,
  groupRow,
  regionalRow,
  statusLabelEntriesReply,
  statusLabelRow,
  userOptionsReply,
  userRow,
} from '../admin.ts';
import { defineCall, menuRule, SIGNED_IN, type ErrorKind } from '../call.ts';
import {
  deletedReply,
  idBody,
  listBody,
  listBodyWith,
  listReply,
  messageReply,
  savedReply,
} from '../envelopes.ts';
import { taskListQuery, taskListReply } from '../task-queue.ts';
import { SHEET_DOWNLOAD } from './shared.ts';

/**
 * Administration (issue 5; spec part 2 §2.5–2.7, §7): every call behind the menu rule of its screen.
 * What an administrator may grant or remove (profile 1, own group, the other side) is checked
 * row by row by the use cases.
 */

interface CrudOptions<
  R extends z.ZodType,
  A extends z.ZodType,
  E extends z.ZodType,
  L extends z.ZodType,
  Q extends z.ZodType,
> {
  base: `/api/${string}`;
  tags: string[];
  menu: MenuKey;
  row: R;
  listBody: L;
  exportQuery: Q;
  addBody: A;
  editBody: E;
}

const SAVE_ERRORS: ErrorKind[] = ['notFound', 'conflict'];

function crudCalls<
  R extends z.ZodType,
  A extends z.ZodType,
  E extends z.ZodType,
  L extends z.ZodType,
  Q extends z.ZodType,
>(o: CrudOptions<R, A, E, L, Q>) {
  const access = menuRule(o.menu);
  const { tags } = o;
  return {
    list: defineCall({
      method: 'POST',
      path: `${o.base}/list`,
      tags,
      access,
      body: o.listBody,
      answer: listReply(o.row),
      errors: ['notFound'],
    }),
    exportList: defineCall({
      method: 'GET',
      path: `${o.base}/list/exportar`,
      tags,
      access,
      query: o.exportQuery,
      download: SHEET_DOWNLOAD,
      errors: ['tooMany'],
    }),
    add: defineCall({
      method: 'POST',
      path: `${o.base}/add`,
      tags,
      access,
      body: o.addBody,
      answer: savedReply(o.row),
      errors: SAVE_ERRORS,
    }),
    edit: defineCall({
      method: 'POST',
      path: `${o.base}/edit`,
      tags,
      access,
      body: o.editBody,
      answer: savedReply(o.row),
      errors: SAVE_ERRORS,
    }),
    delete: defineCall({
      method: 'POST',
      path: `${o.base}/delete`,
      tags,
      access,
      body: idBody,
      answer: deletedReply,
      errors: SAVE_ERRORS,
    }),
  };
}

export const userCalls = {
  ...crudCalls({
    base: '/api/usuarios',
    tags: ['Usuários'],
    menu: 'usuarios',
    row: userRow,
    listBody,
    exportQuery: listExportQuery,
    addBody: userSaveBody,
    editBody: userSaveBody.extend({ id: recordId }),
  }),
  options: defineCall({
    method: 'GET',
    path: '/api/usuarios/opcoes',
    tags: ['Usuários'],
    access: menuRule('usuarios'),
    answer: userOptionsReply,
  }),
  sendReset: defineCall({
    method: 'POST',
    path: '/api/usuarios/enviar-redefinicao-senha',
    tags: ['Usuários'],
    access: menuRule('usuarios'),
    body: idBody,
    answer: messageReply,
    errors: ['notFound'],
  }),
};

/** Groups take the same body on add and edit (its `id` decides). */
export const groupCalls = crudCalls({
  base: '/api/grupos',
  tags: ['Grupos de Acesso'],
  menu: 'grupo',
  row: groupRow,
  listBody,
  exportQuery: listExportQuery,
  addBody: groupSaveBody,
  editBody: groupSaveBody,
});

export const regionalCalls = crudCalls({
  base: '/api/regional',
  tags: ['Regionais'],
  menu: 'regional',
  row: regionalRow,
  listBody,
  exportQuery: listExportQuery,
  addBody: regionalSaveBody,
  editBody: regionalSaveBody.extend({ id: recordId }),
});

const companyCalls = (base: `/api/${string}`, tags: string[]) =>
  crudCalls({
    base,
    tags,
    menu: 'empresas',
    row: companyRow,
    listBody,
    exportQuery: listExportQuery,
    addBody: companySaveBody,
    editBody: companySaveBody.extend({ id: recordId }),
  });

/** Enabled companies, energy (/empresas/*) and water (/agua/empresas/*). */
export const companyCallsByFlow = {
  energia: companyCalls('/api/empresas', ['Empresas']),
  agua: companyCalls('/api/agua/empresas', ['Empresas (água)']),
} as const;

export const concessionaireAdminCalls = crudCalls({
  base: '/api/concessionarias',
  tags: ['Concessionárias'],
  menu: 'empresas',
  row: concessionaireRow,
  listBody: listBodyWith(flowFilter),
  exportQuery: listExportQuery.extend(flowFilter),
  addBody: concessionariaSaveBody,
  editBody: concessionariaSaveBody.extend({ id: recordId }),
});

const statusTags = ['Status'];
export const statusLabelCalls = {
  /** Every signed-in user reads the labels: lists, badges and selectors show the edited names. */
  entries: defineCall({
    method: 'GET',
    path: '/api/status-rotulos',
    tags: statusTags,
    access: SIGNED_IN,
    answer: statusLabelEntriesReply,
  }),
  list: defineCall({
    method: 'POST',
    path: '/api/status-rotulos/list',
    tags: statusTags,
    access: menuRule('status'),
    body: listBodyWith(statusLabelFilter),
    answer: listReply(statusLabelRow),
    errors: ['notFound'],
  }),
  exportList: defineCall({
    method: 'GET',
    path: '/api/status-rotulos/list/exportar',
    tags: statusTags,
    access: menuRule('status'),
    query: listExportQuery.extend(statusLabelFilter),
    download: SHEET_DOWNLOAD,
    errors: ['tooMany'],
  }),
  edit: defineCall({
    method: 'POST',
    path: '/api/status-rotulos/edit',
    tags: statusTags,
    access: menuRule('status'),
    body: statusLabelEditBody,
    answer: savedReply(statusLabelRow),
    errors: ['notFound', 'conflict'],
  }),
};

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
