import { recordId } from '../../../schemas/fields.ts';
import { userSaveBody } from '../../../schemas/admin.ts';
import { listExportQuery } from '../../../reports/query.ts';
import { userOptionsReply, userRow } from '../../admin.ts';
import { defineCall, menuRule } from '../../call.ts';
import { idBody, listBody, messageReply } from '../../envelopes.ts';
import { crudCalls } from './crud.ts';

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
