import type { Actor } from '../access/groups.ts';
import { canSee } from '../access/menu.ts';
import { creationProblem, formAccessProblem, writeProblem } from '../access/request-access.ts';
import type { AccessRule } from './call.ts';

/**
 * The check of a call's access rule, for the server (http/route.ts). Apart from call.ts, so the
 * web's descriptors, which only name their rules, do not carry the menu's and forms' policies.
 */

export const NO_MENU_ENTRY = 'Você não tem permissão para esta ação.';

/**
 * Why this signed-in user may not make a call of this rule, or null. The menu's own rule decides,
 * so a screen's entry and its calls can never disagree.
 */
export function accessProblem(actor: Actor, rule: AccessRule): string | null {
  switch (rule.kind) {
    case 'public':
    case 'signed-in':
      return null;
    case 'menu':
      if (!canSee(actor, rule.menu)) return NO_MENU_ENTRY;
      return rule.write ? writeProblem(actor) : null;
    case 'form':
      if (rule.write === 'create') return creationProblem(actor, rule.flow, rule.formKind);
      return formAccessProblem(actor, rule.flow, rule.formKind) ?? (rule.write ? writeProblem(actor) : null);
  }
}
