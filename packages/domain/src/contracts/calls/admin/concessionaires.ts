import { recordId } from '../../../schemas/fields.ts';
import { concessionariaSaveBody, flowFilter } from '../../../schemas/admin-reference.ts';
import { listExportQuery } from '../../../reports/query.ts';
import { concessionaireRow } from '../../admin.ts';
import { listBodyWith } from '../../envelopes.ts';
import { crudCalls } from './crud.ts';

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
