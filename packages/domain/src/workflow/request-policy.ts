import { isReadOnlyProfile, type Actor } from '../access/groups.ts';
import type { Flow, Kind } from '../catalogs/flow-kind.ts';
import { statusLabel, type RequestStatus } from '../catalogs/request-status.ts';
import { policyRole, type PolicyRole } from './audience.ts';
import { requestForm, mayCreate } from './forms.ts';
import { CREATION_GRANT, grantFor, withCorrection, type Grant } from './grants.ts';
import { roleMoves } from './queue.ts';
import type { RequestField, RequestFile } from './request-fields.ts';
import { rulesThatApply } from './required-rules.ts';
import { initialStatus } from './transitions.ts';
import { visibleFields, visibleFiles } from './visibility.ts';

export interface RequestPolicyInput {
  actor: Pick<Actor, 'papel' | 'perfil'>;
  flow: Flow;
  kind: Kind;
  /** null while creating. */
  currentStatus: RequestStatus | null;
  /** The status in the selector; defaults to keeping the current one (or the initial one when creating). */
  chosenStatus?: RequestStatus | null;
  /** Attachments the record already holds: a required file already uploaded is no longer required. */
  uploadedFiles?: readonly RequestFile[];
  /** The actor created this request and nobody has acted on it yet (creatorWindowOpen, deletion.ts). */
  creatorWindow?: boolean;
}

/** Everything a request form needs to know about one user in one status. */
export interface RequestPolicy {
  canSave: boolean;
  /** Why saving is refused, in Portuguese; null when canSave. */
  reason: string | null;
  /** The selector's options, current status first when it may be kept. */
  statusChoices: RequestStatus[];
  /** False when creating (the status is the creator's initial one) or when nothing may be saved. */
  showStatusSelector: boolean;
  visibleFields: RequestField[];
  visibleFiles: RequestFile[];
  editableFields: RequestField[];
  editableFiles: RequestFile[];
  requiredFields: RequestField[];
  requiredFiles: RequestFile[];
}

export const PROFILE_READ_ONLY = 'Seu perfil não permite salvar esta solicitação.';
export const CANNOT_CREATE = 'Seu grupo não pode cadastrar esta solicitação.';
export const cannotEditInStatus = (label: string) =>
  `Seu grupo não pode alterar esta solicitação no status "${label}".`;

/** Which statuses the role may leave the request in: kept, or moved along an edge it may take. */
function choicesFrom(role: PolicyRole, status: RequestStatus, flow: Flow, grant: Grant) {
  const moves = roleMoves(role, status, flow);
  return grant.keepStatus ? [status, ...moves] : moves;
}

export function requestPolicy(input: RequestPolicyInput): RequestPolicy {
  const { actor, flow, kind, currentStatus } = input;
  const form = requestForm(flow, kind);
  const role = policyRole(actor.papel);
  const creating = currentStatus === null;
  const shown = {
    visibleFields: visibleFields(form, role, currentStatus),
    visibleFiles: visibleFiles(form, role, currentStatus),
  };
  const readOnly = (reason: string): RequestPolicy => ({
    canSave: false,
    reason,
    statusChoices: [],
    showStatusSelector: false,
    ...shown,
    editableFields: [],
    editableFiles: [],
    requiredFields: [],
    requiredFiles: [],
  });

  if (isReadOnlyProfile(actor)) return readOnly(PROFILE_READ_ONLY);
  if (creating && !mayCreate(form, actor.papel)) return readOnly(CANNOT_CREATE);
  const roleGrant = creating ? CREATION_GRANT : grantFor(role, currentStatus, flow);
  // The creator may still correct what they filled in while nobody has acted (issue 15).
  const grant = !creating && input.creatorWindow ? withCorrection(roleGrant) : roleGrant;
  if (!grant) return readOnly(cannotEditInStatus(statusLabel(currentStatus!, flow, kind)));

  const statusChoices = creating
    ? [initialStatus(actor.papel)]
    : choicesFrom(role, currentStatus, flow, grant);
  const chosen = input.chosenStatus ?? (creating ? statusChoices[0]! : currentStatus);
  const rules = rulesThatApply(role, chosen === currentStatus ? null : chosen);
  const required = new Set<RequestField>([...form.requiredFields, ...rules.flatMap((r) => r.require ?? [])]);
  rules.flatMap((r) => r.release ?? []).forEach((f) => required.delete(f));

  const editableFields = shown.visibleFields.filter((f) => grant.fields.includes(f));
  const editableFiles = shown.visibleFiles.filter((f) => grant.files.includes(f));
  return {
    canSave: true,
    reason: null,
    statusChoices,
    showStatusSelector: !creating,
    ...shown,
    editableFields,
    editableFiles,
    requiredFields: editableFields.filter((f) => required.has(f)),
    requiredFiles: editableFiles.filter(
      (f) => form.requiredFiles.includes(f) && !input.uploadedFiles?.includes(f),
    ),
  };
}
