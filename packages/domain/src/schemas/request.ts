import { z } from 'zod';
import {
  DIRECTORATES,
  MARKETS,
  PAYMENT_TYPES,
  STORE_TYPES,
  SUPPLY_VOLTAGES,
  TARIFF_CLASSES,
  TARIFF_MODALITIES,
  VOLTAGE_TYPES,
  voltageLetterToType,
} from '../catalogs/enums.ts';
import type { Flow, Kind } from '../catalogs/flow-kind.ts';
import { codesOf } from '../catalogs/options.ts';
import { REQUEST_STATUSES } from '../catalogs/request-status.ts';
import { TARIFF_SUBCLASSES } from '../catalogs/subclasses.ts';
import { UF_CODES } from '../catalogs/ufs.ts';
import { FIELD_MAX } from '../validators/field-limits.ts';
import { formFieldLabel, requestForm, type RequestForm } from '../workflow/forms.ts';
import type { RequestField } from '../workflow/request-fields.ts';
import {
  messages,
  optionalCep,
  optionalCode,
  optionalDate,
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
type FieldSchemaFactory = (form: RequestForm, label: string) => z.ZodType;

const text =
  (max: number): FieldSchemaFactory =>
  (_form, label) =>
    optionalText(max, label);
const code =
  (codes: readonly number[]): FieldSchemaFactory =>
  (_form, label) =>
    optionalCode(codes, label);
const date: FieldSchemaFactory = (_form, label) => optionalDate(label);
const ref: FieldSchemaFactory = (_form, label) => optionalRef(label);

const FIELD_SCHEMAS: Record<RequestField, FieldSchemaFactory> = {
  endereco_id: text(FIELD_MAX.endereco_id),
  site_id: text(FIELD_MAX.site_id),
  regional: ref,
  tipo_de_loja: code(codesOf(STORE_TYPES)),
  cep: () => optionalCep,
  uf: (_form, label) =>
    z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toUpperCase() || null : v),
      z
        .enum(UF_CODES, { error: messages.invalid(label) })
        .nullable()
        .optional(),
    ),
  municipio: text(FIELD_MAX.municipio),
  endereco: text(FIELD_MAX.endereco),
  numero: text(FIELD_MAX.numero),
  bairro: text(FIELD_MAX.bairro),
  complemento: text(FIELD_MAX.complemento),
  cnpj_solicitada: (form) => optionalTaxId(form.taxId.fieldError),
  id_concessionaria: ref,
  unidade: text(FIELD_MAX.unidade),
  numero_medidor: text(FIELD_MAX.numero_medidor),
  // The spec's ownership payloads send bt/ml/mt/gd; stored as the catalog's code.
  id_tensao: (_form, label) => z.preprocess(voltageLetterToType, optionalCode(codesOf(VOLTAGE_TYPES), label)),
  tipo_site: (form, label) => optionalCode(form.siteTypes, label),
  data_ativacao: date,
  // The protocol type is stored as a smallint code (spec part 1 §3 lists it beside the number).
  id_protocolo: (_form, label) => optionalSmallCode(label),
  protocolo: text(FIELD_MAX.protocolo),
  tipo_de_pagamento: code(codesOf(PAYMENT_TYPES)),
  classe_tarifaria: code(codesOf(TARIFF_CLASSES)),
  subclasse_tarifaria: code(codesOf(TARIFF_SUBCLASSES)),
  modalidade_tarifaria: (_form, label) => optionalStringCode(codesOf(TARIFF_MODALITIES), label),
  tensao_fornecimento: code(codesOf(SUPPLY_VOLTAGES)),
  mercado: code(codesOf(MARKETS)),
  centro_custo: text(FIELD_MAX.centro_custo),
  conta_contabil: text(FIELD_MAX.conta_contabil),
  numero_agrupamento: text(FIELD_MAX.numero_agrupamento),
  diretoria: (_form, label) => optionalStringCode(codesOf(DIRECTORATES), label),
  smp: text(FIELD_MAX.smp),
  nova_uc: text(FIELD_MAX.nova_uc),
  unidade_nova: text(FIELD_MAX.unidade_nova),
  data_ligacao: date,
  observacao: text(FIELD_MAX.observacao),
};

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
      ...Object.fromEntries(form.fields.map((f) => [f, FIELD_SCHEMAS[f](form, formFieldLabel(form, f))])),
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
export type RequestSavePayload = { id?: number; version?: number; status?: number } & Partial<
  Record<RequestField, string | number | null>
>;
