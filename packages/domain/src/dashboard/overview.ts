import { formAccessProblem } from '../access/request-access.ts';
import { isReadOnlyProfile, type Actor } from '../access/groups.ts';
import { ALL_FLOW_KINDS, type Flow } from '../catalogs/flow-kind.ts';
import { REQUEST_STATUSES, STATUS, type RequestStatus } from '../catalogs/request-status.ts';
import { requestListHref, type RequestListFilters } from '../contracts/request-list-url.ts';
import { policyRole } from '../workflow/audience.ts';
import { requestForm, type RequestForm } from '../workflow/forms.ts';
import { actionableStatuses } from '../workflow/queue.ts';

/**
 * The dashboard's overview (issue 15): every status of every form the user may open, grouped as
 * docs/workflow.md's status table reads (the "final" statuses are the closed ones), what waits
 * for the user's own action, and how old the open requests are. Each number links to its list.
 */

export type StatusGroupKey = 'andamento' | 'concessionaria' | 'concluidas' | 'recusadas';

export interface StatusGroup {
  key: StatusGroupKey;
  label: string;
  statuses: readonly RequestStatus[];
}

/**
 * 9 'Recusada Célula - Tower' and 14 'Recusada Xerox/AME' are refusals someone still fixes or
 * decides on (docs/workflow.md: not final), so they are in progress; "Recusadas" holds the
 * refusals that closed the request (3, 6, 15).
 */
export const STATUS_GROUPS: readonly StatusGroup[] = [
  {
    key: 'andamento',
    label: 'Em andamento',
    statuses: [
      STATUS.INICIADA,
      STATUS.EM_VALIDACAO_REGIONAL,
      STATUS.APROVADA_REGIONAL,
      STATUS.EM_VALIDACAO_CELULA,
      STATUS.APROVADA,
      STATUS.RECUSADA_CELULA_TOWER,
      STATUS.INICIADA_REGIONAL,
      STATUS.INICIADA_ENERGY_EFFICIENCY,
      STATUS.INICIADA_PROPERTY,
      STATUS.RECUSADA_XEROX,
      STATUS.APROVADO_ANALISE,
    ],
  },
  {
    key: 'concessionaria',
    label: 'Aguardando concessionária',
    statuses: [STATUS.APROVADA_CELULA_AGUARDANDO],
  },
  { key: 'concluidas', label: 'Concluídas', statuses: [STATUS.INSERIDA_BASE] },
  {
    key: 'recusadas',
    label: 'Recusadas',
    statuses: [STATUS.RECUSADA_REGIONAL, STATUS.RECUSADA_CELULA, STATUS.RECUSADA_ANALISE],
  },
];

export const STATUS_GROUP_KEYS = STATUS_GROUPS.map((g) => g.key);

export const statusGroupOf = (status: number): StatusGroup =>
  STATUS_GROUPS.find((g) => (g.statuses as readonly number[]).includes(status)) ?? STATUS_GROUPS[0]!;

/** The statuses that still wait for someone: in progress or waiting for the utility. */
export const OPEN_STATUSES: readonly RequestStatus[] = REQUEST_STATUSES.filter((s) =>
  ['andamento', 'concessionaria'].includes(statusGroupOf(s).key),
);

export type AgeBucketKey = '0-7' | '8-30' | '31-90' | '90+';

/**
 * Ages of open requests in whole days since the request date (data_pedido), counted in Brasília
 * calendar days, so each bucket is exactly a period of the list's "de"/"ate" filter.
 */
export interface AgeBucket {
  key: AgeBucketKey;
  label: string;
  minDays: number;
  /** null: no upper bound. */
  maxDays: number | null;
}

export const AGE_BUCKETS: readonly AgeBucket[] = [
  { key: '0-7', label: '0 a 7 dias', minDays: 0, maxDays: 7 },
  { key: '8-30', label: '8 a 30 dias', minDays: 8, maxDays: 30 },
  { key: '31-90', label: '31 a 90 dias', minDays: 31, maxDays: 90 },
  { key: '90+', label: 'Mais de 90 dias', minDays: 91, maxDays: null },
];

/** A calendar day (YYYY-MM-DD) `days` after another (before, when negative). */
export const addDays = (isoDate: string, days: number): string => {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** The period of request dates a bucket holds, as the list's filter writes it. */
export const bucketPeriod = (bucket: AgeBucket, today: string): { de?: string; ate: string } => ({
  de: bucket.maxDays === null ? undefined : addDays(today, -bucket.maxDays),
  ate: addDays(today, -bucket.minDays),
});

/** The request forms the user may open: the dashboard shows nothing of another (water only with water). */
export const overviewForms = (actor: Actor): RequestForm[] =>
  ALL_FLOW_KINDS.filter(({ flow, kind }) => !formAccessProblem(actor, flow, kind)).map(({ flow, kind }) =>
    requestForm(flow, kind),
  );

/**
 * The statuses in which this user acts on a flow's requests: read off the save policy
 * (workflow/queue.ts), nothing for profile 3 Consulta, which never saves.
 */
export const myQueueStatuses = (actor: Pick<Actor, 'papel' | 'perfil'>, flow: Flow): RequestStatus[] =>
  isReadOnlyProfile(actor) ? [] : actionableStatuses(policyRole(actor.papel), flow);

/* The links of the dashboard's numbers: each opens the list filtered exactly to what it counts. */

export const statusHref = (form: RequestForm, statuses: readonly number[], extra: RequestListFilters = {}) =>
  requestListHref(form, { ...extra, status: [...statuses].sort((a, b) => a - b) });

export const groupHref = (form: RequestForm, group: StatusGroup, regional?: number) =>
  statusHref(form, group.statuses, regional === undefined ? {} : { regional });

export const bucketHref = (form: RequestForm, bucket: AgeBucket, today: string) =>
  statusHref(form, OPEN_STATUSES, bucketPeriod(bucket, today));
