import { recordId } from '../../schemas/fields.ts';
import { deParaFilter, deParaSaveBody } from '../../schemas/de-para.ts';
import { defineCall, menuRule } from '../call.ts';
import { deParaOptionsReply, deParaRow } from '../de-para.ts';
import { deletedReply, idBody, listBodyWith, listReply, savedReply } from '../envelopes.ts';

/** /de-para (issue 11): the provider's values and the portal's they stand for. */
const tags = ['De-Para'];
const read = menuRule('de-para');
const write = menuRule('de-para', { write: true });

export const deParaListCall = defineCall({
  method: 'POST',
  path: '/api/de-para/list',
  tags,
  access: read,
  body: listBodyWith(deParaFilter),
  answer: listReply(deParaRow),
  errors: ['notFound'],
});

export const deParaOptionsCall = defineCall({
  method: 'GET',
  path: '/api/de-para/opcoes',
  tags,
  access: read,
  answer: deParaOptionsReply,
});

export const deParaAddCall = defineCall({
  method: 'POST',
  path: '/api/de-para/add',
  tags,
  access: write,
  body: deParaSaveBody,
  answer: savedReply(deParaRow),
});

export const deParaEditCall = defineCall({
  method: 'POST',
  path: '/api/de-para/edit',
  tags,
  access: write,
  body: deParaSaveBody.safeExtend({ id: recordId }),
  answer: savedReply(deParaRow),
  errors: ['notFound', 'conflict'],
});

export const deParaDeleteCall = defineCall({
  method: 'POST',
  path: '/api/de-para/delete',
  tags,
  access: write,
  body: idBody,
  answer: deletedReply,
  errors: ['notFound', 'conflict'],
});
