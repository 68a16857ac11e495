import { defineCall, menuRule } from '../call.ts';
import {
  followUpBody,
  postApprovalListBody,
  postApprovalListReply,
  postApprovalRecordBody,
  postApprovalRecordReply,
  postApprovalSaveReply,
  validationBody,
} from '../post-approval.ts';

/** After approval (issue 14): the stage lists, the unit a validator reads, and the saves. */
const tags = ['Depois da aprovação'];
const read = menuRule('pos-aprovacao');
const write = menuRule('pos-aprovacao', { write: true });

export const postApprovalListCall = defineCall({
  method: 'POST',
  path: '/api/pos-aprovacao/list',
  tags,
  access: read,
  body: postApprovalListBody,
  answer: postApprovalListReply,
});

export const postApprovalRecordCall = defineCall({
  method: 'POST',
  path: '/api/pos-aprovacao/registro',
  tags,
  access: read,
  body: postApprovalRecordBody,
  answer: postApprovalRecordReply,
  errors: ['notFound'],
});

export const validateUnitCall = defineCall({
  method: 'POST',
  path: '/api/pos-aprovacao/validar',
  tags,
  access: write,
  body: validationBody,
  answer: postApprovalSaveReply,
  errors: ['notFound', 'conflict'],
});

export const followUpCall = defineCall({
  method: 'POST',
  path: '/api/pos-aprovacao/acompanhar',
  tags,
  access: write,
  body: followUpBody,
  answer: postApprovalSaveReply,
  errors: ['notFound', 'conflict'],
});
