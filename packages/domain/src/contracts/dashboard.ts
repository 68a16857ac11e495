import { z } from 'zod';
import { FLOWS_LIST, KINDS_LIST } from '../catalogs/flow-kind.ts';
import { AGE_BUCKETS, STATUS_GROUP_KEYS } from '../dashboard/overview.ts';
import { POST_APPROVAL_LIST_NAMES, type PostApprovalList } from '../post-approval/stages.ts';
import { BASE_CONFIRMATION_SITUATIONS } from './base-confirmation.ts';

/**
 * GET /api/home/painel (issue 15): the dashboard's overview, beside GET /api/home, whose totals
 * stay as the spec documents them. Everything is in the session's scope and only for the forms
 * its menu opens; nothing in the call widens it (it takes no parameters).
 */

const count = z.number().int().min(0);

const overviewFormSchema = z.object({
  fluxo: z.enum(FLOWS_LIST),
  tipo: z.enum(KINDS_LIST),
  /** Every status of the form, zeros included. */
  status: z.array(z.object({ status: z.number().int(), total: count })),
  /**
   * "Aguardando minha ação": the statuses the user acts on from this form's list
   * (dashboard/inbox.ts formInboxStatuses, off workflow/queue.ts), with the age in
   * days of the oldest request there, counted from its request date (data_pedido); null when none.
   */
  aguardando: z.array(
    z.object({ status: z.number().int(), total: count, mais_antiga_dias: count.nullable() }),
  ),
  /** Open requests by age since the request date, one entry per bucket of AGE_BUCKETS. */
  idade: z.array(
    z.object({ faixa: z.enum(AGE_BUCKETS.map((b) => b.key) as [string, ...string[]]), total: count }),
  ),
  /** Requests per regional and status group (regional 0: none recorded); zero rows left out. */
  regionais: z.array(
    z.object({
      regional: z.number().int(),
      nome: z.string(),
      grupo: z.enum(STATUS_GROUP_KEYS as [string, ...string[]]),
      total: count,
    }),
  ),
  /**
   * 'Recusas por motivo' (issue 34 step 3): refusals recorded per catalogue reason, most first.
   * The server always sends it; optional so answers cached before it still parse.
   */
  recusas: z.array(z.object({ motivo: z.string(), total: count })).optional(),
});

/**
 * "Aguardando minha ação" outside the four request forms (issue 34 step 2, dashboard/inbox.ts):
 * each entry counts exactly the rows of the list its link opens, zeros included.
 */
const inboxTaskSchema = z.discriminatedUnion('tipo', [
  z.object({
    tipo: z.literal('regularizacao'),
    fluxo: z.enum(FLOWS_LIST),
    status: z.number().int(),
    total: count,
  }),
  z.object({
    tipo: z.literal('confirmacao-base'),
    fluxo: z.enum(FLOWS_LIST),
    situacao: z.enum(BASE_CONFIRMATION_SITUATIONS),
    total: count,
  }),
  z.object({
    tipo: z.literal('pos-aprovacao'),
    lista: z.enum(POST_APPROVAL_LIST_NAMES as [PostApprovalList, ...PostApprovalList[]]),
    total: count,
  }),
]);

export const dashboardOverviewSchema = z.object({
  /** The Brasília day the ages are counted from (YYYY-MM-DD): the buckets' links use it. */
  hoje: z.string(),
  formularios: z.array(overviewFormSchema),
  tarefas: z.array(inboxTaskSchema),
});

export type DashboardOverview = z.infer<typeof dashboardOverviewSchema>;
export type DashboardOverviewForm = z.infer<typeof overviewFormSchema>;
export type DashboardInboxTask = z.infer<typeof inboxTaskSchema>;
