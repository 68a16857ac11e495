import { isReadOnlyProfile, type Actor } from '../access/groups.ts';
import { canSee } from '../access/menu.ts';
import { FLOWS_LIST, type Flow } from '../catalogs/flow-kind.ts';
import { REGULARIZATION_STATUSES, type RegularizationStatus } from '../catalogs/regularization.ts';
import { STATUS, type RequestStatus } from '../catalogs/request-status.ts';
import type { BaseConfirmationSituation } from '../contracts/base-confirmation.ts';
import {
  POST_APPROVAL_LIST_NAMES,
  POST_APPROVAL_STAGES,
  POST_APPROVAL_LISTS,
  type PostApprovalList,
} from '../post-approval/stages.ts';
import { labelOf } from '../catalogs/options.ts';
import { policyRole } from '../workflow/audience.ts';
import { REGULARIZATION_TITLES } from '../workflow/forms.ts';
import { roleMoves } from '../workflow/queue.ts';
import { regularizationPolicy, regularizationStatusLabel } from '../workflow/regularization-policy.ts';
import { myQueueStatuses } from './overview.ts';

/**
 * "Aguardando minha ação" (issue 34 step 2): every piece of work the signed-in user may take a
 * step on now, read off the same policies the screens' buttons come from — requestPolicy's tables
 * (workflow/queue.ts) for the four request forms, regularizationPolicy for the divergences, the
 * post-approval menu rule for the provider's stages, and the 7 → 8 move for the base confirmation.
 * Nothing here is a second list of who does what.
 */

/** The work outside the four request forms, one entry per list that holds it. */
export type InboxTask =
  | { tipo: 'regularizacao'; fluxo: Flow; status: number }
  | { tipo: 'confirmacao-base'; fluxo: Flow; situacao: BaseConfirmationSituation }
  | { tipo: 'pos-aprovacao'; lista: PostApprovalList };

const REGULARIZATION_MENU = { energia: 'consolidacao', agua: 'agua-consolidacao' } as const;

/**
 * Whether the user's step on a flow's approved requests (7 → 8) is taken on /confirmacao-base:
 * its menu opens the screen and the save policy lets its role make that move, as each
 * confirmation is judged (a Célula administrator opens the screen but may not choose 8).
 */
export const confirmsInBase = (actor: Actor, flow: Flow): boolean =>
  !isReadOnlyProfile(actor) &&
  canSee(actor, 'confirmacao-base') &&
  roleMoves(policyRole(actor.papel), STATUS.APROVADA, flow).includes(STATUS.INSERIDA_BASE);

/**
 * The statuses of a flow's requests the user acts on from the request lists. The approved ones
 * (7) of a user who confirms them in the base are that screen's rows instead: listed once, where
 * the step is taken.
 */
export const formInboxStatuses = (actor: Actor, flow: Flow): RequestStatus[] =>
  myQueueStatuses(actor, flow).filter((s) => !(s === STATUS.APROVADA && confirmsInBase(actor, flow)));

/** The regularization statuses the user moves a divergence on from (the form's own choices). */
export const regularizationInboxStatuses = (actor: Actor, flow: Flow): RegularizationStatus[] =>
  canSee(actor, REGULARIZATION_MENU[flow])
    ? REGULARIZATION_STATUSES.map((s) => s.code).filter((status) =>
        regularizationPolicy({ actor, currentStatus: status }).statusChoices.some((c) => c !== status),
      )
    : [];

/** The post-approval lists the user works: its menu opens them and its profile saves (not Consulta). */
export const postApprovalInboxLists = (actor: Actor): PostApprovalList[] =>
  canSee(actor, 'pos-aprovacao') && !isReadOnlyProfile(actor) ? [...POST_APPROVAL_LIST_NAMES] : [];

const SITUATIONS: readonly BaseConfirmationSituation[] = ['na-base', 'fora-da-base'];

/** Every entry of the user's inbox outside the four request forms, in the order the dashboard shows them. */
export const inboxTasks = (actor: Actor): InboxTask[] => [
  ...FLOWS_LIST.flatMap((fluxo) =>
    confirmsInBase(actor, fluxo)
      ? SITUATIONS.map((situacao) => ({ tipo: 'confirmacao-base' as const, fluxo, situacao }))
      : [],
  ),
  ...postApprovalInboxLists(actor).map((lista) => ({ tipo: 'pos-aprovacao' as const, lista })),
  ...FLOWS_LIST.flatMap((fluxo) =>
    regularizationInboxStatuses(actor, fluxo).map((status) => ({
      tipo: 'regularizacao' as const,
      fluxo,
      status,
    })),
  ),
];

/* Where each entry is worked: the list that shows exactly the rows it counts. */

export const REGULARIZATION_LIST_PATHS: Record<Flow, string> = {
  energia: '/consolidacao',
  agua: '/agua/consolidacao',
};
export const POST_APPROVAL_LIST_PATHS: Record<PostApprovalList, string> = {
  'pre-validacao': '/validacao-uc',
  'validacao-final': '/validacao-final-uc',
  acompanhamento: '/acompanhamento-uc-nova',
};
export const BASE_CONFIRMATION_PATH = '/confirmacao-base';

export function inboxTaskHref(task: InboxTask): string {
  switch (task.tipo) {
    case 'regularizacao':
      return `${REGULARIZATION_LIST_PATHS[task.fluxo]}?status=${task.status}`;
    case 'confirmacao-base':
      return `${BASE_CONFIRMATION_PATH}?fluxo=${task.fluxo}&situacao=${task.situacao}`;
    case 'pos-aprovacao':
      // The lists open on 'Aguardando', the units waiting at their stage.
      return POST_APPROVAL_LIST_PATHS[task.lista];
  }
}

const FLOW_NAMES: Record<Flow, string> = { energia: 'Energia', agua: 'Água' };
/** As the screen's two tabs read. */
const SITUATION_LABELS: Record<BaseConfirmationSituation, string> = {
  'na-base': 'Na base: prontas para confirmar',
  'fora-da-base': 'Exceções: ainda fora da base',
};
export const POST_APPROVAL_TITLES: Record<PostApprovalList, string> = {
  'pre-validacao': 'Pré-Validação de UC',
  'validacao-final': 'Validação Final de UC',
  acompanhamento: 'Acompanhamento de UC Nova',
};

/** How an entry reads on the dashboard: where the work is (the screen) and what waits there. */
export function inboxTaskLabels(task: InboxTask): { tela: string; situacao: string } {
  switch (task.tipo) {
    case 'regularizacao':
      return { tela: REGULARIZATION_TITLES[task.fluxo], situacao: regularizationStatusLabel(task.status) };
    case 'confirmacao-base':
      return {
        tela: `Confirmação na Base (${FLOW_NAMES[task.fluxo]})`,
        situacao: SITUATION_LABELS[task.situacao],
      };
    case 'pos-aprovacao':
      return {
        tela: POST_APPROVAL_TITLES[task.lista],
        situacao: labelOf(POST_APPROVAL_STAGES, POST_APPROVAL_LISTS[task.lista]),
      };
  }
}

/** A stable key per entry: the dashboard's row ids and the tests' lookups. */
export function inboxTaskKey(task: InboxTask): string {
  switch (task.tipo) {
    case 'regularizacao':
      return `regularizacao-${task.fluxo}-${task.status}`;
    case 'confirmacao-base':
      return `confirmacao-base-${task.fluxo}-${task.situacao}`;
    case 'pos-aprovacao':
      return `pos-aprovacao-${task.lista}`;
  }
}
