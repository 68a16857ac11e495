import { recordId } from '../../../schemas/fields.ts';
import { companySaveBody } from '../../../schemas/admin.ts';
import { listExportQuery } from '../../../reports/query.ts';
import { companyRow } from '../../admin.ts';
import { listBody } from '../../envelopes.ts';
import { crudCalls } from './crud.ts';

const companyCalls = (base: `/api/${string}`, tags: string[]) =>
  crudCalls({
    base,
    tags,
    menu: 'empresas',
    row: companyRow,
    listBody,
    exportQuery: listExportQuery,
    addBody: companySaveBody,
    editBody: companySaveBody.extend({ id: recordId }),
  });

/** Enabled companies, energy (/empresas/*) and water (/agua/empresas/*). */
export const companyCallsByFlow = {
  energia: companyCalls('/api/empresas', ['Empresas']),
  agua: companyCalls('/api/agua/empresas', ['Empresas (água)']),
} as const;
