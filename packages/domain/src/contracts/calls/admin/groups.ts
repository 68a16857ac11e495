import { groupSaveBody } from '../../../schemas/admin-reference.ts';
import { listExportQuery } from '../../../reports/query.ts';
import { groupRow } from '../../admin.ts';
import { listBody } from '../../envelopes.ts';
import { crudCalls } from './crud.ts';

/** Groups take the same body on add and edit (its `id` decides). */
export const groupCalls = crudCalls({
  base: '/api/grupos',
  tags: ['Grupos de Acesso'],
  menu: 'grupo',
  row: groupRow,
  listBody,
  exportQuery: listExportQuery,
  addBody: groupSaveBody,
  editBody: groupSaveBody,
});
