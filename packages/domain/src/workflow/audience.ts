import type { RoleKind } from '../access/groups.ts';

/**
 * The role a policy table is written for. Análise do Property Management works the requests
 * Property Management starts, with the same powers (docs/decisions/requests-workflow.md, D-WF-018).
 */
export type PolicyRole = Exclude<RoleKind, 'analise_property'>;

export const policyRole = (papel: RoleKind): PolicyRole =>
  papel === 'analise_property' ? 'property' : papel;

/** Who sees a field or an attachment: only some roles, all but some, and possibly only in some statuses. */
export interface Audience {
  only?: readonly PolicyRole[];
  except?: readonly PolicyRole[];
  atStatus?: readonly number[];
}

export const inAudience = (
  audience: Audience | undefined,
  role: PolicyRole,
  status: number | null,
): boolean =>
  !audience ||
  ((!audience.only || audience.only.includes(role)) &&
    !audience.except?.includes(role) &&
    (!audience.atStatus || (status !== null && audience.atStatus.includes(status))));
