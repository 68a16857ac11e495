import { recordId } from '../../../schemas/fields.ts';
import { regionalSaveBody } from '../../../schemas/admin.ts';
import { listExportQuery } from '../../../reports/query.ts';
import { regionalRow } from '../../admin.ts';
import { listBody } from '../../envelopes.ts';
import { crudCalls } from './crud.ts';

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
