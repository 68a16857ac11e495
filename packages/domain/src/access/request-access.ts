import { flowKey, type Flow, type FlowKey, type Kind } from '../catalogs/flow-kind.ts';
import { mayCreate, requestForm } from '../workflow/forms.ts';
import { CANNOT_CREATE, PROFILE_READ_ONLY } from '../workflow/request-policy.ts';
import { isReadOnlyProfile, type Actor } from './groups.ts';
import { canSee, type MenuKey } from './menu.ts';

/** The menu entry that opens each request form: no entry, no call of that form. */
const FORM_MENU_KEY: Record<FlowKey, MenuKey> = {
  'energia.nova': 'uc-nova',
  'energia.troca': 'troca-titularidade',
  'agua.nova': 'agua-nova',
  'agua.troca': 'agua-troca',
};

export const NO_CADASTRO_FLAG = 'Seu grupo não tem permissão de cadastro.';

/**
 * Why this user may not use a request form at all (list, read, check, save, delete), or null.
 * The same rule that shows or hides the form's menu entry, so the screen and the API agree.
 */
export function formAccessProblem(actor: Actor, flow: Flow, kind: Kind): string | null {
  return canSee(actor, FORM_MENU_KEY[flowKey(flow, kind)])
    ? null
    : `Seu grupo não tem acesso a ${requestForm(flow, kind).title}.`;
}

/** Why this user may not write anything on a request form (profile 3 is read-only), or null. */
export const writeProblem = (actor: Actor): string | null =>
  isReadOnlyProfile(actor) ? PROFILE_READ_ONLY : null;

/**
 * Why this user may not create a request on this form, or null: the form must be open to them,
 * the profile must write, the group must hold the "cadastro" flag and its role must be a creator.
 */
export function creationProblem(actor: Actor, flow: Flow, kind: Kind): string | null {
  const problem = formAccessProblem(actor, flow, kind) ?? writeProblem(actor);
  if (problem) return problem;
  if (!actor.permissoes.cadastro) return NO_CADASTRO_FLAG;
  return mayCreate(requestForm(flow, kind), actor.papel) ? null : CANNOT_CREATE;
}
