import { z } from 'zod';
import { recordId } from '../../schemas/fields.ts';
import { defineCall, menuRule } from '../call.ts';
import {
  importQuery,
  importReply,
  importRunsBody,
  importRunsReply,
  previewReply,
} from '../reconciliation.ts';

/**
 * /conciliacao-da-base (issue 11): the provider's base export is sent as one file part `arquivo`;
 * the server keeps it and the job queue applies it. Every call behind the screen's menu rule.
 */
const tags = ['Conciliação da Base'];
const baseFile = (limit: string) => ({
  fields: z.object({}),
  files: [{ name: 'arquivo', description: `A exportação da base do provedor (xlsx ou csv, até ${limit}).` }],
});

export const previewCall = defineCall({
  method: 'POST',
  path: '/api/conciliacao/previa',
  tags,
  access: menuRule('conciliacao'),
  query: importQuery,
  multipart: baseFile('1 MB lidos para a prévia'),
  answer: previewReply,
});

export const importCall = defineCall({
  method: 'POST',
  path: '/api/conciliacao/importar',
  tags,
  access: menuRule('conciliacao', { write: true }),
  query: importQuery,
  multipart: baseFile('400 MB'),
  answer: importReply,
  errors: ['diskFull'],
});

export const importRunsCall = defineCall({
  method: 'POST',
  path: '/api/conciliacao/importacoes',
  tags,
  access: menuRule('conciliacao'),
  body: importRunsBody,
  answer: importRunsReply,
});

export const rejectedRowsCall = defineCall({
  method: 'GET',
  path: '/api/conciliacao/importacoes/:id/rejeitadas',
  tags,
  access: menuRule('conciliacao'),
  params: z.object({ id: recordId }),
  download: { contentTypes: ['text/csv; charset=utf-8'] },
  errors: ['notFound'],
});
