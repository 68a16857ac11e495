import { z } from 'zod';
import type { Flow } from '../../catalogs/flow-kind.ts';
import { recordId } from '../../schemas/fields.ts';
import { regularizationListExportQuery } from '../../reports/query.ts';
import { REGULARIZATION_FILES } from '../../workflow/regularization-policy.ts';
import { defineCall, menuRule } from '../call.ts';
import {
  deleteRegularizationFileBody,
  regularizationDeleteBody,
  regularizationDeletedReply,
  regularizationFileDeletedReply,
  regularizationHistoryBody,
  regularizationListBody,
  regularizationListReply,
  regularizationObservationsReply,
  regularizationSaveBody,
  regularizationSaveReply,
  regularizationStatusesReply,
} from '../regularization.ts';
import { saveDadosPart } from './requests.ts';
import { ATTACHMENT_DOWNLOAD, SHEET_DOWNLOAD } from './shared.ts';

export const REGULARIZATION_MENU = { energia: 'consolidacao', agua: 'agua-consolidacao' } as const;

/**
 * Regularização CNPJ/Razão Social (spec part 2 §7 consolidacao/*): energy under /api/consolidacao,
 * water under /api/agua/consolidacao. Who may open the screen may call it; what each one may
 * change is the domain's regularization policy.
 */
function buildRegularizationCalls(flow: Flow) {
  const base = flow === 'agua' ? '/api/agua/consolidacao' : '/api/consolidacao';
  const tags = [flow === 'agua' ? 'Regularização (Água)' : 'Regularização'];
  const read = menuRule(REGULARIZATION_MENU[flow]);
  const write = menuRule(REGULARIZATION_MENU[flow], { write: true });
  const save = (mode: 'add' | 'edit') =>
    defineCall({
      method: 'POST',
      path: `${base}/${mode}`,
      tags,
      access: write,
      multipart: {
        fields: saveDadosPart,
        files: REGULARIZATION_FILES.map((name) => ({ name, description: `Arquivo ${name} (até 15 MB).` })),
        json: regularizationSaveBody,
      },
      answer: regularizationSaveReply,
      errors: ['notFound', 'conflict', 'diskFull'],
    });
  return {
    list: defineCall({
      method: 'POST',
      path: `${base}/list`,
      tags,
      access: read,
      body: regularizationListBody,
      answer: regularizationListReply,
      errors: ['notFound'],
    }),
    exportList: defineCall({
      method: 'GET',
      path: `${base}/list/exportar`,
      tags,
      access: read,
      query: regularizationListExportQuery,
      download: SHEET_DOWNLOAD,
      errors: ['tooMany'],
    }),
    add: save('add'),
    edit: save('edit'),
    observations: defineCall({
      method: 'POST',
      path: `${base}/historicos`,
      tags,
      access: read,
      body: regularizationHistoryBody,
      answer: regularizationObservationsReply,
      errors: ['notFound'],
    }),
    statuses: defineCall({
      method: 'POST',
      path: `${base}/status`,
      tags,
      access: read,
      body: regularizationHistoryBody,
      answer: regularizationStatusesReply,
      errors: ['notFound'],
    }),
    deleteFile: defineCall({
      method: 'POST',
      path: `${base}/apagar-arquivos`,
      tags,
      access: write,
      body: deleteRegularizationFileBody,
      answer: regularizationFileDeletedReply,
      errors: ['notFound', 'conflict'],
    }),
    delete: defineCall({
      method: 'POST',
      path: `${base}/delete`,
      tags,
      access: write,
      body: regularizationDeleteBody,
      answer: regularizationDeletedReply,
      errors: ['notFound', 'conflict'],
    }),
    attachment: defineCall({
      method: 'GET',
      path: `${base}/arquivos/:id`,
      tags,
      access: read,
      params: z.object({ id: recordId }),
      download: ATTACHMENT_DOWNLOAD,
      errors: ['notFound'],
    }),
  };
}

export const regularizationCalls = {
  energia: buildRegularizationCalls('energia'),
  agua: buildRegularizationCalls('agua'),
} as const;
