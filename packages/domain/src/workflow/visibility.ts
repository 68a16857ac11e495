import type { RequestStatus } from '../catalogs/request-status.ts';
import { inAudience, type Audience, type PolicyRole } from './audience.ts';
import type { RequestForm } from './forms.ts';
import {
  CELL_BLOCK_FIELDS,
  CELL_TRACKING_FIELDS,
  type RequestField,
  type RequestFile,
} from './request-fields.ts';

/** Who sees what on every request form (spec part 1 §6, part 2 §2.12, §2.14, §6). */
const CELL_AND_PROVIDER: Audience = { only: ['celula', 'amee'] };

const FIELD_AUDIENCE: Partial<Record<RequestField, Audience>> = {
  tipo_de_loja: { only: ['celula', 'property'] },
  ...Object.fromEntries([...CELL_TRACKING_FIELDS, ...CELL_BLOCK_FIELDS].map((f) => [f, CELL_AND_PROVIDER])),
};

/** Any one audience of the list sees the file. */
const FILE_AUDIENCE: Partial<Record<RequestFile, readonly Audience[]>> = {
  complementar: [{ only: ['celula'] }],
  // The tower sends it at 9; the cell and the provider must see what the tower sent to judge it.
  complementar_tower: [{ only: ['tower'], atStatus: [9] }, CELL_AND_PROVIDER],
};

export const visibleFields = (
  form: RequestForm,
  role: PolicyRole,
  status: RequestStatus | null,
): RequestField[] =>
  form.fields.filter((f) => inAudience(form.audience[f] ?? FIELD_AUDIENCE[f], role, status));

export const visibleFiles = (
  form: RequestForm,
  role: PolicyRole,
  status: RequestStatus | null,
): RequestFile[] =>
  form.files.filter((f) => {
    const audiences = FILE_AUDIENCE[f];
    return !audiences || audiences.some((audience) => inAudience(audience, role, status));
  });
