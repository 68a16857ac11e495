import { z } from 'zod';
import {
  PERMISSION_FLAGS,
  PERMISSION_LABELS,
  ROLE_KIND_KEYS,
  type PermissionFlag,
  type RoleKind,
} from '../access/groups.ts';
import { FLOWS_LIST, KINDS_LIST } from '../catalogs/flow-kind.ts';
import { UF_CODES } from '../catalogs/ufs.ts';
import { flag, optionalRecordId, optionalVersion, recordId, requiredRef, requiredText } from './fields.ts';

/**
 * Payloads of the administration calls for access groups, concessionaires and status labels
 * (the GUIDE's additions to spec §7), shared by the server and the admin forms.
 */

const permissionFlags = Object.fromEntries(
  PERMISSION_FLAGS.map((f) => [f, flag(PERMISSION_LABELS[f]).default(false)]),
) as Record<PermissionFlag, z.ZodDefault<ReturnType<typeof flag>>>;

/** Maxima of the reference screens' texts; the forms show them with a counter. */
export const REFERENCE_TEXT_MAX = { grupo: 80, concessionaria: 120, sigla: 30, rotulo: 80 } as const;

/** grupos/add and grupos/edit: the id is the group's numeric code (GUIDE §3), typed by the admin. */
export const groupSaveBody = z.object({
  id: requiredRef('Código do Grupo'),
  version: optionalVersion,
  nome: requiredText(REFERENCE_TEXT_MAX.grupo, 'Nome'),
  papel: z.enum(ROLE_KIND_KEYS as [RoleKind, ...RoleKind[]], { error: 'O campo Papel é inválido.' }),
  ...permissionFlags,
});
export type GroupSaveBody = z.infer<typeof groupSaveBody>;

const fluxo = z.enum(FLOWS_LIST, { error: 'O campo Fluxo é inválido.' });

/** The old screens send lists as "SP,RJ"; an array is accepted too. Stored once each, in order. */
const ufs = (list: z.ZodArray<z.ZodType<string>>) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() ? v.split(',') : []) : v),
    list.transform((codes) => [...new Set(codes)].sort()),
  );
const ufArray = z.array(
  z.preprocess(
    (s) => (typeof s === 'string' ? s.trim().toUpperCase() : s),
    z.enum(UF_CODES, { error: 'UF inválida.' }),
  ),
  { error: 'O campo UF é obrigatório.' },
);
const ufList = ufs(ufArray.min(1, 'Selecione pelo menos uma UF.'));

/** The UFs a regional serves (issue 30); none is allowed: the regional then serves no request. */
export const servedUfs = ufs(ufArray);

/** concessionarias/add and concessionarias/edit. */
export const concessionariaSaveBody = z.object({
  id: optionalRecordId,
  version: optionalVersion,
  nome: requiredText(REFERENCE_TEXT_MAX.concessionaria, 'Nome'),
  sigla: requiredText(REFERENCE_TEXT_MAX.sigla, 'Sigla'),
  fluxo,
  ufs: ufList,
  ativo: flag('Ativo').default(true),
});
export type ConcessionariaSaveBody = z.infer<typeof concessionariaSaveBody>;

/** Request kinds plus regularization: each has its own status list per flow. */
export const STATUS_LABEL_KINDS = [...KINDS_LIST, 'regularizacao'] as const;
export type StatusLabelKind = (typeof STATUS_LABEL_KINDS)[number];

/** Filters of status-rotulos/list and concessionarias/list (besides paging). */
export const flowFilter = { fluxo: fluxo.optional() };
export const statusLabelFilter = {
  fluxo: fluxo.optional(),
  tipo: z.enum(STATUS_LABEL_KINDS, { error: 'O campo Tipo é inválido.' }).optional(),
};

/** status-rotulos/edit: only the label changes; the code and its rules are the domain's. */
export const statusLabelEditBody = z.object({
  id: recordId,
  version: optionalVersion,
  rotulo: requiredText(REFERENCE_TEXT_MAX.rotulo, 'Rótulo'),
});
