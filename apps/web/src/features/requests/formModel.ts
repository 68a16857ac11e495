import {
  checkSave,
  cleanTaxId,
  formatCep,
  formatCpfOrCnpj,
  formFieldLabel,
  isValidCpfOrCnpj,
  MAX_FILE_BYTES,
  messages,
  normalizeValue,
  REQUEST_FIELDS,
  requestSaveSchema,
  type RequestField,
  type RequestFile,
  type RequestForm,
  type RequestPolicy,
  type SessionUser,
} from '@portal/domain';
import { schemaErrors } from '../../ui/formErrors.ts';
import { formatFileSize } from '../files/fileSize.ts';
import type { RequestRecord } from './api.ts';

/** Every input of the form holds text; selects hold their code as text, as the schemas accept. */
export type FormValues = Record<RequestField, string>;

export type ChosenFiles = Partial<Record<RequestFile, File | null>>;

/** Said before anything is chosen (issue 15 item 5), from the same limit the server enforces. */
export const ACCEPTED_TEXT = `PDF, JPG ou PNG de até ${formatFileSize(MAX_FILE_BYTES)}`;

/** How each stored value is shown in its input. */
const DISPLAY: Partial<Record<RequestField, (value: string) => string>> = {
  cnpj_solicitada: formatCpfOrCnpj,
  cep: formatCep,
};

export function initialValues(record: RequestRecord | undefined): FormValues {
  return Object.fromEntries(
    REQUEST_FIELDS.map((field) => {
      const stored = record?.[field];
      const text = stored === null || stored === undefined ? '' : String(stored);
      return [field, text && DISPLAY[field] ? DISPLAY[field](text) : text];
    }),
  ) as FormValues;
}

/** The stored column values of a record, keyed by field, as checkSave compares them. */
const storedValues = (record: RequestRecord) =>
  Object.fromEntries(REQUEST_FIELDS.map((f) => [f, record[f] ?? null]));

export const uploadedSlots = (record: RequestRecord | undefined): RequestFile[] =>
  record?.anexos.map((a) => a.tipo) ?? [];

/**
 * What a save sends: only the fields this user may edit in this status (the server refuses
 * changes to the others), plus the record's id, version and the chosen status when editing.
 */
export function savePayload(
  policy: RequestPolicy,
  values: FormValues,
  record: RequestRecord | undefined,
  chosenStatus: number,
  confirmDuplicate: boolean,
): Record<string, unknown> {
  const fields = Object.fromEntries(policy.editableFields.map((f) => [f, values[f]]));
  return {
    ...fields,
    ...(record ? { id: record.id, version: record.version, status: chosenStatus } : {}),
    ...(confirmDuplicate ? { confirmar_duplicidade: true } : {}),
  };
}

export const chosenSlots = (files: ChosenFiles): RequestFile[] =>
  (Object.keys(files) as RequestFile[]).filter((slot) => files[slot]);

/** Problems keyed by the input they belong to; 'status' holds those about the move itself. */
export type Problems = Partial<Record<RequestField | RequestFile | 'status', string>>;

/** The tax id the user typed, when it is editable, filled and invalid: the save stops there. */
export const invalidTaxId = (policy: RequestPolicy, values: FormValues): boolean =>
  policy.editableFields.includes('cnpj_solicitada') &&
  normalizeValue(values.cnpj_solicitada) !== null &&
  !isValidCpfOrCnpj(cleanTaxId(values.cnpj_solicitada));

/**
 * Everything the server would refuse, judged in the browser by the same domain functions:
 * every required field and file of the policy, the payload schema (lengths, codes, formats),
 * then the server's own gate (checkSave) for anything else.
 */
export function saveProblems(input: {
  form: RequestForm;
  user: SessionUser;
  policy: RequestPolicy;
  values: FormValues;
  record: RequestRecord | undefined;
  chosenStatus: number;
  files: ChosenFiles;
}): Problems {
  const { form, user, policy, values, record, chosenStatus, files } = input;
  const problems: Problems = {};
  for (const field of policy.requiredFields) {
    if (normalizeValue(values[field]) === null)
      problems[field] = messages.required(formFieldLabel(form, field));
  }
  const slots = chosenSlots(files);
  for (const slot of policy.requiredFiles) {
    if (!slots.includes(slot)) problems[slot] = `O arquivo ${formFieldLabel(form, slot)} é obrigatório.`;
  }
  const payload = savePayload(policy, values, record, chosenStatus, false);
  const schema = requestSaveSchema(form.flow, form.kind);
  Object.assign(problems, { ...schemaErrors(schema)(payload), ...problems });
  if (Object.keys(problems).length) return problems;

  const parsed = schema.parse(payload) as Record<string, unknown>;
  const sent = Object.fromEntries(
    policy.editableFields.filter((f) => parsed[f] !== undefined).map((f) => [f, parsed[f]]),
  );
  const verdict = checkSave({
    actor: user,
    flow: form.flow,
    kind: form.kind,
    creatorWindow: record?.autor_pode_corrigir === true,
    current: record
      ? { status: record.status, values: storedValues(record), files: uploadedSlots(record) }
      : null,
    next: { status: chosenStatus, values: sent, files: slots },
  });
  if (!verdict.ok) return { [verdict.field ?? 'status']: verdict.msg };
  return {};
}
