import { z } from 'zod';
import type { Flow, Kind } from '../catalogs/flow-kind.ts';
import { codesOf } from '../catalogs/options.ts';
import { REQUEST_STATUSES } from '../catalogs/request-status.ts';
import { UF_CODES } from '../catalogs/ufs.ts';
import { formFieldLabel, requestForm, type RequestForm } from '../workflow/forms.ts';
import { REQUEST_FIELD_KINDS, type FieldKind } from '../workflow/field-kinds.ts';
import type { RequestField } from '../workflow/request-fields.ts';
import { reasonFields } from '../workflow/refusal-reasons.ts';
import {
  flag,
  messages,
  optionalCep,
  optionalCode,
  optionalDate,
  optionalIdentifier,
  optionalRecordId,
  optionalRef,
  optionalSmallCode,
  optionalStringCode,
  optionalTaxId,
  optionalText,
  optionalVersion,
} from './fields.ts';

/**
 * The save payload of the four request forms (spec part 1 §3 and §7, part 2 §3 and §7:
 * novas-unidades/add|edit, unidades/add|edit and their agua/ twins; for the change of holder it is
 * the JSON part `dados` of the multipart body). Built from the form's own field list, labels and
 * options, so each form accepts exactly its fields. Unknown keys (id_empresa, cnpj_tim…) are
 * dropped: the server takes them from the session and the UF.
 */
/** The schema of one field, from what it holds (workflow/field-kinds.ts). */
function fieldSchema(kind: FieldKind, form: RequestForm, label: string): z.ZodType {
  switch (kind.kind) {
    case 'text':
      return kind.identifier ? optionalIdentifier(kind.max, label) : optionalText(kind.max, label);
    case 'city':
      return optionalText(kind.max, label);
    case 'code': {
      const codes = codesOf(kind.strict && kind.offered ? kind.offered(form) : kind.catalog);
      return kind.parse ? z.preprocess(kind.parse, optionalCode(codes, label)) : optionalCode(codes, label);
    }
    case 'stringCode':
      return optionalStringCode(codesOf(kind.catalog), label);
    // The protocol type is stored as a smallint code (spec part 1 §3 lists it beside the number).
    case 'smallint':
      return optionalSmallCode(label);
    case 'date':
      return optionalDate(label);
    case 'cep':
      return optionalCep;
    case 'uf':
      return z.preprocess(
        (v) => (typeof v === 'string' ? v.trim().toUpperCase() || null : v),
        z
          .enum(UF_CODES, { error: messages.invalid(label) })
          .nullable()
          .optional(),
      );
    case 'taxId':
      return optionalTaxId(form.taxId.fieldError);
    case 'regional':
    case 'concessionaire':
      return optionalRef(label);
  }
}

/** The water change form sends the payment type as id_tipo_pagamento; both name one field. */
const ALIASES: Record<string, RequestField> = { id_tipo_pagamento: 'tipo_de_pagamento' };

const applyAliases = (input: unknown) => {
  if (typeof input !== 'object' || input === null) return input;
  const out: Record<string, unknown> = { ...input };
  for (const [alias, field] of Object.entries(ALIASES)) {
    if (alias in out && !(field in out)) out[field] = out[alias];
    delete out[alias];
  }
  return out;
};

const buildRequestSaveSchema = (form: RequestForm) =>
  z.preprocess(
    applyAliases,
    z.object({
      id: optionalRecordId,
      /** The version the user loaded; a save on a stale version is refused (409). */
      version: optionalVersion,
      status: optionalCode(REQUEST_STATUSES, 'Status'),
      /** The user confirmed a match in the provider's base ('Cadastrar mesmo assim?'); never a field. */
      confirmar_duplicidade: flag('Confirmar duplicidade').optional(),
      /** Why a refusing move refuses (issue 34 step 3); judged by judgeReason, never a field. */
      ...reasonFields,
      ...Object.fromEntries(
        form.fields.map((f) => [f, fieldSchema(REQUEST_FIELD_KINDS[f], form, formFieldLabel(form, f))]),
      ),
    }),
  );

const SCHEMAS = new Map<string, ReturnType<typeof buildRequestSaveSchema>>();

/** The save payload schema of one form (built once, then reused). */
export function requestSaveSchema(flow: Flow, kind: Kind) {
  const key = `${flow}.${kind}`;
  let schema = SCHEMAS.get(key);
  if (!schema) {
    schema = buildRequestSaveSchema(requestForm(flow, kind));
    SCHEMAS.set(key, schema);
  }
  return schema;
}

/** Field values are keyed by the names of spec §3; the status and id are typed, the rest as sent. */
export type RequestSavePayload = {
  id?: number;
  version?: number;
  status?: number;
  confirmar_duplicidade?: boolean;
  motivo_recusa_id?: number | null;
  motivo_recusa_texto?: string | null;
} & Partial<Record<RequestField, string | number | null>>;
