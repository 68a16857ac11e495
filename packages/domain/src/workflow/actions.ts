import type { Flow } from '../catalogs/flow-kind.ts';
import { STATUS, statusLabel, type RequestStatus } from '../catalogs/request-status.ts';
import { policyRole, type PolicyRole } from './audience.ts';
import { requestForm } from './forms.ts';
import { grantFor } from './grants.ts';
import { ACTOR_LABELS } from './queue.ts';
import type { RequestField, RequestFile } from './request-fields.ts';
import { requestPolicy, type RequestPolicyInput } from './request-policy.ts';
import { visibleFields } from './visibility.ts';

/**
 * The record's action buttons (issue 15): each move the policy lets a role take is a button named
 * by what it does, not by the status it lands in. The names live here, once, so the screen, the
 * tests and the manuals say the same; which moves exist is still requestPolicy's statusChoices.
 */
export type ActionTone = 'approve' | 'refuse' | 'forward';

export interface ActionName {
  label: string;
  tone: ActionTone;
}

interface ActionRow extends ActionName {
  to: RequestStatus;
  /** Only for a move out of these statuses; any when absent. */
  from?: readonly RequestStatus[];
  /** Only for these roles; any when absent. */
  roles?: readonly PolicyRole[];
  /** Only on this flow; any when absent (status 9 names the tower on energy, Property on water). */
  flow?: Flow;
}

/** First matching row wins: the specific rows come before the general one of the same target. */
const ACTION_ROWS: readonly ActionRow[] = [
  { to: STATUS.EM_VALIDACAO_REGIONAL, label: 'Iniciar validação', tone: 'forward' },
  { to: STATUS.APROVADA_REGIONAL, label: 'Aprovar', tone: 'approve' },
  { to: STATUS.RECUSADA_REGIONAL, label: 'Recusar', tone: 'refuse' },
  // At 9 the fixer (tower, Property on water) hands the request back; the cell itself reopens it.
  {
    to: STATUS.EM_VALIDACAO_CELULA,
    from: [STATUS.RECUSADA_CELULA_TOWER],
    roles: ['tower', 'property'],
    label: 'Devolver à Célula',
    tone: 'forward',
  },
  {
    to: STATUS.EM_VALIDACAO_CELULA,
    from: [STATUS.RECUSADA_CELULA_TOWER],
    label: 'Reabrir na Célula',
    tone: 'forward',
  },
  { to: STATUS.EM_VALIDACAO_CELULA, label: 'Colocar em validação', tone: 'forward' },
  { to: STATUS.APROVADA_CELULA_AGUARDANDO, label: 'Enviar para a concessionária', tone: 'approve' },
  { to: STATUS.RECUSADA_CELULA, label: 'Recusar', tone: 'refuse' },
  { to: STATUS.APROVADA, label: 'Aprovar', tone: 'approve' },
  { to: STATUS.INSERIDA_BASE, label: 'Inserir na base', tone: 'approve' },
  { to: STATUS.RECUSADA_CELULA_TOWER, flow: 'agua', label: 'Devolver ao Property', tone: 'refuse' },
  { to: STATUS.RECUSADA_CELULA_TOWER, label: 'Devolver à Tower', tone: 'refuse' },
  { to: STATUS.RECUSADA_XEROX, label: 'Recusar', tone: 'refuse' },
  { to: STATUS.RECUSADA_ANALISE, label: 'Recusar', tone: 'refuse' },
  { to: STATUS.APROVADO_ANALISE, label: 'Aprovar', tone: 'approve' },
];

/** The name of the button that moves a request from `from` to `to`, or null when no row names it. */
export function actionName(
  role: PolicyRole,
  from: RequestStatus,
  to: RequestStatus,
  flow: Flow,
): ActionName | null {
  const row = ACTION_ROWS.find(
    (r) =>
      r.to === to &&
      (!r.from || r.from.includes(from)) &&
      (!r.roles || r.roles.includes(role)) &&
      (!r.flow || r.flow === flow),
  );
  return row ? { label: row.label, tone: row.tone } : null;
}

/** One button of the record: the move, its name and exactly what it requires (requestPolicy for that choice). */
export interface RequestAction extends ActionName {
  status: RequestStatus;
  requiredFields: RequestField[];
  requiredFiles: RequestFile[];
}

/**
 * The moves this user may take on this record now, each with what that choice requires. Keeping
 * the status is not an action: it is the plain "Salvar" (policy.statusChoices includes the current
 * status when the grant allows it).
 */
export function requestActions(input: Omit<RequestPolicyInput, 'chosenStatus'>): RequestAction[] {
  const { currentStatus } = input;
  if (currentStatus === null) return [];
  const base = requestPolicy(input);
  const role = policyRole(input.actor.papel);
  return base.statusChoices
    .filter((status) => status !== currentStatus)
    .map((status) => {
      const name = actionName(role, currentStatus, status, input.flow) ?? {
        // Every move has a row (actions.test.ts); this keeps a screen usable if a status is added.
        label: `Mover para "${statusLabel(status, input.flow, input.kind)}"`,
        tone: 'forward' as const,
      };
      const chosen = requestPolicy({ ...input, chosenStatus: status });
      return { ...name, status, requiredFields: chosen.requiredFields, requiredFiles: chosen.requiredFiles };
    });
}

/** Whether the user may save without moving the request ("Salvar"). */
export const mayKeepStatus = (input: Omit<RequestPolicyInput, 'chosenStatus'>): boolean =>
  input.currentStatus !== null && requestPolicy(input).statusChoices.includes(input.currentStatus);

/**
 * Why a field this user sees is not theirs to change now (issue 15: read-only data says why):
 * the policy's reason when nothing may be saved, else who does change it in this status.
 */
export function lockReason(input: Omit<RequestPolicyInput, 'chosenStatus'>, field: RequestField): string {
  const policy = requestPolicy(input);
  if (!policy.canSave) return policy.reason ?? 'Somente leitura.';
  const { currentStatus, flow, kind } = input;
  if (currentStatus === null) return 'Preenchido depois, por quem trata a solicitação.';
  const form = requestForm(flow, kind);
  const editors = (Object.keys(ACTOR_LABELS) as (keyof typeof ACTOR_LABELS)[]).filter(
    (role) =>
      grantFor(role, currentStatus, flow)?.fields.includes(field) &&
      visibleFields(form, role, currentStatus).includes(field),
  );
  if (!editors.length) return 'Ninguém altera este campo neste status.';
  return `Neste status, só ${editors.map((r) => ACTOR_LABELS[r]).join(' ou ')} altera este campo.`;
}
