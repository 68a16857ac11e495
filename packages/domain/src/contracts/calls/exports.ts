import { z } from 'zod';
import { recordId } from '../../schemas/fields.ts';
import { defineCall, SIGNED_IN } from '../call.ts';
import { exportListReply, exportReply, exportRequestBody } from '../exports.ts';
import { SHEET_DOWNLOAD } from './shared.ts';

/**
 * Large exports through the job queue (issue 16). Each user reads only their own; the list's own
 * rule decides who may ask (checked by the use case against the list's menu entry).
 */
const tags = ['Exportações'];
const params = z.object({ id: recordId });

export const requestExportCall = defineCall({
  method: 'POST',
  path: '/api/exportacoes',
  tags,
  access: SIGNED_IN,
  body: exportRequestBody,
  answer: exportReply,
  errors: ['tooMany'],
});

export const exportListCall = defineCall({
  method: 'GET',
  path: '/api/exportacoes',
  tags,
  access: SIGNED_IN,
  answer: exportListReply,
});

export const exportCall = defineCall({
  method: 'GET',
  path: '/api/exportacoes/:id',
  tags,
  access: SIGNED_IN,
  params,
  answer: exportReply,
  errors: ['notFound'],
});

export const exportFileCall = defineCall({
  method: 'GET',
  path: '/api/exportacoes/:id/arquivo',
  tags,
  access: SIGNED_IN,
  params,
  download: SHEET_DOWNLOAD,
  errors: ['notFound', 'conflict', 'gone'],
});
