import { isReadOnlyProfile, PROFILE, type Actor } from '../access/groups.ts';
import type { Flow, Kind } from '../catalogs/flow-kind.ts';
import { initialStatus } from './transitions.ts';

/** Why a request may not be deleted, or null when it may (`…/delete` of each form). */
export const CANNOT_DELETE =
  'Somente quem criou a solicitação pode excluí-la, e apenas antes de qualquer andamento.';

/** What the server knows of a request's authorship and history, read in the same transaction as the request. */
export interface Authorship {
  status: number;
  /** Who created it. */
  idUsuario: number;
  /** Entries in its status history (the creation is the first). */
  statusChanges: number;
  /** Whether anyone but its creator has written to it (saved, uploaded, removed a file): the audit trail says. */
  othersActed: boolean;
}

/**
 * The creator's window (issue 15, docs/decisions/requests-workflow.md, D-WF-032): the user who created a request may still
 * correct what they filled in, or withdraw it, while it sits untouched in the status it was
 * created with — nobody else has saved anything on it and it never moved. Profile 3 never writes.
 */
export const creatorWindowOpen = (
  actor: Pick<Actor, 'papel' | 'perfil'> & { id: number },
  request: Authorship,
) =>
  !isReadOnlyProfile(actor) &&
  request.idUsuario === actor.id &&
  request.status === initialStatus(actor.papel) &&
  request.statusChanges <= 1 &&
  !request.othersActed;

/**
 * A request may be deleted (withdrawn) by its creator while the creator's window is open, or by an
 * administrator. Anything later is history and stays. `creatorWindow` is creatorWindowOpen's answer
 * (the web reads it off the record as `autor_pode_corrigir`).
 */
export const mayDelete = (actor: Pick<Actor, 'perfil'>, creatorWindow: boolean): boolean =>
  !isReadOnlyProfile(actor) && (actor.perfil === PROFILE.ADMINISTRADOR || creatorWindow);

export function deletionProblem(
  actor: Pick<Actor, 'papel' | 'perfil'> & { id: number },
  request: Authorship,
): string | null {
  return mayDelete(actor, creatorWindowOpen(actor, request)) ? null : CANNOT_DELETE;
}

/**
 * The delete call of each form. The spec names those of the change forms (part 1 §7 `unidades/delete`,
 * part 2 §7 `agua/troca-unidades/delete`); the new-unit forms get one under their own prefix so a
 * requester can withdraw any request (docs/decisions/requests-workflow.md, D-WF-033).
 */
export const DELETE_CALLS: Record<`${Flow}.${Kind}`, string> = {
  'energia.nova': 'novas-unidades/delete',
  'energia.troca': 'unidades/delete',
  'agua.nova': 'agua/novas-unidades/delete',
  'agua.troca': 'agua/troca-unidades/delete',
};

export const deleteCallOf = (flow: Flow, kind: Kind): string => DELETE_CALLS[`${flow}.${kind}`];
