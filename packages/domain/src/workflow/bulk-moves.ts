import { isReadOnlyProfile, type Actor } from '../access/groups.ts';
import type { Flow } from '../catalogs/flow-kind.ts';
import { REQUEST_STATUSES, type RequestStatus } from '../catalogs/request-status.ts';
import { actionName, type ActionName } from './actions.ts';
import { policyRole, type PolicyRole } from './audience.ts';
import { roleMoves } from './queue.ts';
import { reasonRequired, type RefusalMove } from './refusal-reasons.ts';
import type { RequestField } from './request-fields.ts';
import { rulesThatApply } from './required-rules.ts';

/**
 * "Act on many" (issue 34 step 4): one move applied to many requests of a list. Which moves a
 * selection may take and what they ask come from the same tables as the record's buttons
 * (roleMoves, actionName, the required rules); each request is still judged by the save gate
 * (checkSave) on its own, so a move some rows cannot take is refused for those rows only.
 */

/** The most requests one bulk move may carry, chosen one by one or as "all of this filter". */
export const BULK_MOVE_LIMIT = 500;
export const BULK_MOVE_OVER_LIMIT = `Mova no máximo ${BULK_MOVE_LIMIT} solicitações por vez. Refine o filtro.`;

/**
 * The fields a bulk move asks once and sends to every row: those that belong to the move (why it
 * is taken), never a unit's own data, which each row keeps and the gate checks row by row. A field
 * a required rule adds to a move is added here to be asked.
 */
export const BULK_MOVE_FIELDS = ['observacao'] as const satisfies readonly RequestField[];
export type BulkMoveField = (typeof BULK_MOVE_FIELDS)[number];

export interface BulkMoveAsk {
  field: BulkMoveField;
  /** A required rule of this move requires it (choose 3 → observation). */
  required: boolean;
}

export interface BulkMove extends ActionName {
  /** The status the move leads to. */
  status: RequestStatus;
  /** The statuses this role may take it from: a row elsewhere is refused by the gate. */
  from: RequestStatus[];
  asks: BulkMoveAsk[];
  /** A refusing move asks its reason once too (reasonRequired), from that move's catalogue. */
  reason: RefusalMove | null;
}

/** What a move asks once: each bulk field, required when a rule of that choice requires it. */
export function bulkMoveAsks(role: PolicyRole, status: RequestStatus): BulkMoveAsk[] {
  const rules = rulesThatApply(role, status);
  return BULK_MOVE_FIELDS.map((field) => ({
    field,
    required: rules.some((r) => r.require?.includes(field)) && !rules.some((r) => r.release?.includes(field)),
  }));
}

/**
 * The moves a role may take on a selection of this flow's requests: every move its grants allow
 * from some status, named as the record's button from the first status it starts from.
 */
export function bulkMoves(actor: Pick<Actor, 'papel' | 'perfil'>, flow: Flow): BulkMove[] {
  if (isReadOnlyProfile(actor)) return [];
  const role = policyRole(actor.papel);
  const moves = new Map<RequestStatus, BulkMove>();
  for (const from of REQUEST_STATUSES) {
    for (const to of roleMoves(role, from, flow)) {
      const known = moves.get(to);
      if (known) {
        known.from.push(from);
        continue;
      }
      const name = actionName(role, from, to, flow) ?? { label: 'Mover', tone: 'forward' as const };
      moves.set(to, {
        ...name,
        status: to,
        from: [from],
        asks: bulkMoveAsks(role, to),
        reason: reasonRequired('solicitacao', from, to),
      });
    }
  }
  return [...moves.values()];
}

/** The move this role may take to `status`, or undefined when it never takes it. */
export const bulkMoveTo = (actor: Pick<Actor, 'papel' | 'perfil'>, flow: Flow, status: number) =>
  bulkMoves(actor, flow).find((m) => m.status === status);
