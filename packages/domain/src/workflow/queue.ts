import type { Flow } from '../catalogs/flow-kind.ts';
import { REQUEST_STATUSES, type RequestStatus } from '../catalogs/request-status.ts';
import type { PolicyRole } from './audience.ts';
import { grantFor, roleStatusChoices } from './grants.ts';
import { allowedNextStatuses } from './transitions.ts';

/**
 * Who acts on a request next, read off the tables the save policy judges by (grants.ts,
 * transitions.ts), never a second list of rules: a role acts on a status when its grant there
 * lets it move the request along an edge. The dashboard's "Aguardando minha ação" and the
 * record's "quem age agora" both come from here.
 */
export function roleMoves(role: PolicyRole, status: RequestStatus, flow: Flow): RequestStatus[] {
  const grant = grantFor(role, status, flow);
  if (!grant) return [];
  const mayChoose = grant.moves ?? roleStatusChoices(role);
  return allowedNextStatuses(status).filter((s) => mayChoose.includes(s));
}

const POLICY_ROLES = [
  'regional',
  'celula',
  'tower',
  'amee',
  'property',
] as const satisfies readonly PolicyRole[];

/** The statuses in which the role moves requests of this flow: its queue. */
export const actionableStatuses = (role: PolicyRole, flow: Flow): RequestStatus[] =>
  REQUEST_STATUSES.filter((status) => roleMoves(role, status, flow).length > 0);

/** How the people who act are called on the screens. */
export const ACTOR_LABELS: Record<(typeof POLICY_ROLES)[number], string> = {
  regional: 'Regional',
  celula: 'Célula',
  tower: 'Tower/terceiros',
  amee: 'Xerox/AME',
  property: 'Property Management',
};

/** Who may move a request in this status (empty for a final status). */
export const nextActors = (status: RequestStatus, flow: Flow): (typeof POLICY_ROLES)[number][] =>
  POLICY_ROLES.filter((role) => roleMoves(role, status, flow).length > 0);
