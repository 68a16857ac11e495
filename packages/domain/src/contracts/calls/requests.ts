import { z } from 'zod';
import { fieldLabel } from '../../catalogs/field-labels.ts';
import type { Flow, Kind } from '../../catalogs/flow-kind.ts';
import { recordId } from '../../schemas/fields.ts';
import { requestSaveSchema } from '../../schemas/request.ts';
import { deleteCallOf } from '../../workflow/deletion.ts';
import { requestForm } from '../../workflow/forms.ts';
import { REQUEST_FILES } from '../../workflow/request-fields.ts';
import { defineCall, formRule, SIGNED_IN, type FileSlot } from '../call.ts';
import {
  attachmentDeletedReply,
  deleteRequestFileBody,
  duplicateCheckReply,
  historyBody,
  observationHistoryReply,
  requestDeleteBody,
  requestDeletedReply,
  requestListBody,
  requestListExportQuery,
  requestListReply,
  requestSaveReply,
  statusHistoryReply,
  validateAddressBody,
  validateUnitBody,
} from '../requests.ts';
import { timelineReply } from '../timeline.ts';
import { ATTACHMENT_DOWNLOAD, SHEET_DOWNLOAD } from './shared.ts';

/** The multipart text part of a save: the form's fields as one JSON text (spec part 1 §7). */
export const saveDadosPart = z.object({
  dados: z.string().describe('Os campos do formulário, como um texto JSON (o mesmo objeto do corpo JSON).'),
});

const fileSlots = (names: readonly string[]): FileSlot[] =>
  names.map((name) => ({ name, description: `${fieldLabel(name)} (até 15 MB; PDF ou imagem).` }));

/**
 * The list calls of one request form: apart from the rest, so a list (and the route prefetching
 * it) loads neither the form's save schema nor the other calls.
 */
function buildRequestListCalls(flow: Flow, kind: Kind) {
  const form = requestForm(flow, kind);
  const base = `/api/${form.apiBase}` as const;
  const tags = [form.title];
  const read = formRule(flow, kind);
  return {
    list: defineCall({
      method: 'POST',
      path: `${base}/list`,
      tags,
      access: read,
      body: requestListBody,
      answer: requestListReply,
      errors: ['notFound'],
    }),
    exportList: defineCall({
      method: 'GET',
      path: `${base}/list/exportar`,
      tags,
      access: read,
      query: requestListExportQuery,
      download: SHEET_DOWNLOAD,
      errors: ['tooMany'],
    }),
  };
}

/** Every call of one request form (spec part 1 §7, part 2 §7), under the form's own prefix. */
function buildRequestCalls(flow: Flow, kind: Kind) {
  const form = requestForm(flow, kind);
  const base = `/api/${form.apiBase}` as const;
  const tags = [form.title];
  const read = formRule(flow, kind);
  const write = formRule(flow, kind, 'write');
  const save = (mode: 'add' | 'edit') =>
    defineCall({
      method: 'POST',
      path: `${base}/${mode}`,
      tags,
      access: mode === 'add' ? formRule(flow, kind, 'create') : write,
      multipart: {
        fields: saveDadosPart,
        files: fileSlots(REQUEST_FILES),
        json: requestSaveSchema(flow, kind),
      },
      answer: requestSaveReply,
      errors: ['notFound', 'conflict', 'diskFull'],
    });
  return {
    ...requestListCalls(flow, kind),
    add: save('add'),
    edit: save('edit'),
    validateUnit: defineCall({
      method: 'POST',
      path: `${base}/validar-unidade`,
      tags,
      access: read,
      body: validateUnitBody,
      answer: duplicateCheckReply,
    }),
    validateAddress: defineCall({
      method: 'POST',
      path: `${base}/validar-endereco`,
      tags,
      access: read,
      body: validateAddressBody,
      answer: duplicateCheckReply,
    }),
    observations: defineCall({
      method: 'POST',
      path: `${base}/historicos`,
      tags,
      access: read,
      body: historyBody,
      answer: observationHistoryReply,
      errors: ['notFound'],
    }),
    statuses: defineCall({
      method: 'POST',
      path: `${base}/status`,
      tags,
      access: read,
      body: historyBody,
      answer: statusHistoryReply,
      errors: ['notFound'],
    }),
    timeline: defineCall({
      method: 'POST',
      path: `${base}/linha-do-tempo`,
      tags,
      access: read,
      body: historyBody,
      answer: timelineReply,
      errors: ['notFound'],
    }),
    deleteFile: defineCall({
      method: 'POST',
      path: `${base}/apagar-arquivos`,
      tags,
      access: write,
      body: deleteRequestFileBody,
      answer: attachmentDeletedReply,
      errors: ['notFound', 'conflict'],
    }),
    /** Outside the form's prefix (spec: excluir-troca-unidade…), behind the same rules. */
    delete: defineCall({
      method: 'POST',
      path: `/api/${deleteCallOf(flow, kind)}`,
      tags,
      access: write,
      body: requestDeleteBody,
      answer: requestDeletedReply,
      errors: ['notFound', 'conflict'],
    }),
  };
}

/** Builds a form's calls once per form. */
function perForm<T>(build: (flow: Flow, kind: Kind) => T): (flow: Flow, kind: Kind) => T {
  const built = new Map<string, T>();
  return (flow, kind) => {
    const key = `${flow}.${kind}`;
    if (!built.has(key)) built.set(key, build(flow, kind));
    return built.get(key)!;
  };
}

// Marked pure so a bundle that uses only the list calls drops the other builder (and the save schema).
/** The list calls of one form (its list, a record by id, the list's export). */
export const requestListCalls = /* @__PURE__ */ perForm(buildRequestListCalls);

/** Every call of one form. */
export const requestCalls = /* @__PURE__ */ perForm(buildRequestCalls);
export type RequestCalls = ReturnType<typeof requestCalls>;

/** An attachment of a request, served within the user's scope with the type the server sniffed. */
export const requestAttachmentCall = defineCall({
  method: 'GET',
  path: '/api/arquivos/:id',
  tags: ['Arquivos'],
  access: SIGNED_IN,
  params: z.object({ id: recordId }),
  download: ATTACHMENT_DOWNLOAD,
  errors: ['notFound'],
});
