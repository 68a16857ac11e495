import { formAccessProblem } from '../access/request-access.ts';
import type { Actor } from '../access/groups.ts';
import { requestForm } from '../workflow/forms.ts';

/**
 * Dashboard counters (spec part 1 §2 Dashboard, §3 Dashboard totals).
 * Each card counts one status of one kind of request and links to that list, filtered.
 * 'Inserida Xerox/AME' counts and links status 8 (the old screen linked 6 by mistake). Groups are
 * named by the flow's one name (forms.ts), the provider as the status catalogue names it.
 */
export const HOME_TOTAL_KEYS = [
  'total_solicitadas',
  'total_ap_regional',
  'total_ap_ceular',
  'total_canceladas',
  'total_base',
  'total_solicitadas_nova',
  'total_ap_regional_nova',
  'total_ap_ceular_nova',
  'total_canceladas_nova',
  'total_base_nova',
] as const;
export type HomeTotalKey = (typeof HOME_TOTAL_KEYS)[number];
export type HomeTotals = Record<HomeTotalKey, number>;

export interface DashboardCard {
  total: HomeTotalKey;
  label: string;
  status: number;
  path: string;
}

export interface DashboardGroup {
  kind: 'troca' | 'nova';
  title: string;
  cards: DashboardCard[];
}

const cards = (
  kind: 'troca' | 'nova',
  base: string,
  labels: [string, string, string, string, string],
): DashboardCard[] => {
  const suffix = kind === 'nova' ? '_nova' : '';
  const entries: [string, number][] = [
    ['total_solicitadas', 0],
    ['total_ap_regional', 2],
    ['total_ap_ceular', 7],
    ['total_canceladas', 6],
    ['total_base', 8],
  ];
  return entries.map(([key, status], i) => ({
    total: `${key}${suffix}` as HomeTotalKey,
    label: labels[i]!,
    status,
    path: `${base}/${status}`,
  }));
};

export const DASHBOARD: DashboardGroup[] = [
  {
    kind: 'troca',
    title: requestForm('energia', 'troca').title,
    cards: cards('troca', '/troca-titularidade', [
      'Trocas Solicitadas',
      'Aprovadas Regional',
      'Aprovadas Célula',
      'Trocas Canceladas',
      'Inserida Xerox/AME',
    ]),
  },
  {
    kind: 'nova',
    title: requestForm('energia', 'nova').title,
    cards: cards('nova', '/cadastro-uc-nova', [
      'Novas UC Solicitadas',
      'Aprovadas Regional',
      'Aprovadas Pela Célula',
      'Canceladas',
      'Inserida Xerox/AME',
    ]),
  },
];

/**
 * The counter groups this user is shown: one per energy form in their menu. A form the user may
 * not open is not counted for them either (its totals stay 0), as its list would not open.
 */
export const dashboardGroups = (actor: Actor): DashboardGroup[] =>
  DASHBOARD.filter((group) => !formAccessProblem(actor, 'energia', group.kind));
