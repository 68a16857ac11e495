import type { Actor } from '../access/groups.ts';
import type { Flow, Kind } from '../catalogs/flow-kind.ts';
import { isRequestStatus, statusLabel, type RequestStatus } from '../catalogs/request-status.ts';
import { policyRole } from './audience.ts';
import { formFieldLabel, requestForm } from './forms.ts';
import { roleMayEverChoose } from './grants.ts';
import { REQUEST_FIELDS, type RequestFile } from './request-fields.ts';
import { requestPolicy } from './request-policy.ts';
import { judgeSave, type SaveSide, type SaveVerdict } from './save-verdict.ts';

export interface CheckSaveInput {
  actor: Pick<Actor, 'papel' | 'perfil'>;
  flow: Flow;
  kind: Kind;
  /** The stored record (status, column values, slots holding a file), or null when creating. */
  current: SaveSide | null;
  /** The payload: chosen status, the fields it sends, the slots it uploads. On creation send initialStatus(papel). */
  next: SaveSide;
  /** The actor created this request and nobody has acted on it yet (creatorWindowOpen, deletion.ts). */
  creatorWindow?: boolean;
}

/**
 * The one gate every request save passes, on the server and (to mirror it) in the browser:
 * may this user, in this status, send these changes and this status?
 */
export function checkSave({ actor, flow, kind, current, next, creatorWindow }: CheckSaveInput): SaveVerdict {
  const statusName = (s: number) => statusLabel(s, flow, kind);
  if (!isRequestStatus(next.status)) {
    return { ok: false, code: 422, status: next.status, msg: `O status ${next.status} não existe.` };
  }
  if (current && !isRequestStatus(current.status)) {
    return {
      ok: false,
      code: 422,
      status: current.status,
      msg: `O status atual ${current.status} não existe.`,
    };
  }
  const currentStatus = current ? (current.status as RequestStatus) : null;
  const policy = requestPolicy({
    actor,
    flow,
    kind,
    currentStatus,
    chosenStatus: next.status,
    uploadedFiles: (current?.files ?? []) as RequestFile[],
    creatorWindow: current !== null && creatorWindow === true,
  });
  const form = requestForm(flow, kind);
  const role = policyRole(actor.papel);
  return judgeSave(
    {
      ...policy,
      currentStatus,
      fields: REQUEST_FIELDS,
      fieldLabel: (f) => formFieldLabel(form, f),
      statusLabel: statusName,
      roleMayChoose: (s) => roleMayEverChoose(role, s as RequestStatus),
    },
    current,
    next,
  );
}
