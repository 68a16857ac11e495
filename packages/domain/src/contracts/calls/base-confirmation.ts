import { defineCall, menuRule } from '../call.ts';
import {
  baseConfirmationListBody,
  baseConfirmationListReply,
  confirmBody,
  confirmReply,
} from '../base-confirmation.ts';

/** /confirmacao-base (issue 11 item 5): the approved requests the base now holds, and their confirmation. */
const tags = ['Confirmação na Base'];

export const baseConfirmationListCall = defineCall({
  method: 'POST',
  path: '/api/confirmacao-base/list',
  tags,
  access: menuRule('confirmacao-base'),
  body: baseConfirmationListBody,
  answer: baseConfirmationListReply,
});

export const confirmCall = defineCall({
  method: 'POST',
  path: '/api/confirmacao-base/confirmar',
  tags,
  access: menuRule('confirmacao-base', { write: true }),
  body: confirmBody,
  answer: confirmReply,
  errors: ['notFound', 'conflict'],
});
