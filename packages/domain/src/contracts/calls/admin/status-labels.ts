import { statusLabelEditBody, statusLabelFilter } from '../../../schemas/admin-reference.ts';
import { listExportQuery } from '../../../reports/query.ts';
import { statusLabelRow } from '../../admin.ts';
import { defineCall, menuRule } from '../../call.ts';
import { listBodyWith, listReply, savedReply } from '../../envelopes.ts';
import { SHEET_DOWNLOAD } from '../shared.ts';

/** /status (spec part 2 §2.7): administrators rename the statuses; the names everybody reads are in catalogues.ts. */
const statusTags = ['Status'];
export const statusLabelCalls = {
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
