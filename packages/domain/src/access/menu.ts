import type { Flow, Kind } from '../catalogs/flow-kind.ts';
import { reportOf, type ReportKey } from '../reports/definitions.ts';
import { mayCreate, REGULARIZATION_TITLES, requestForm } from '../workflow/forms.ts';
import { GROUP, PROFILE, type Actor, type RoleKind } from './groups.ts';

/**
 * The sidebar, as data. Each entry says who sees it (spec part 1 §6 and part 2 §6);
 * the server checks the same flags on the endpoints behind each screen.
 * Contradictions between the two parts are resolved in docs/decisions/access-and-administration.md.
 */
export interface MenuItem {
  key: MenuKey;
  label: string;
  path: string;
}

export interface MenuSection {
  key: string;
  label: string;
  items: MenuItem[];
}

type Rule = (actor: Actor) => boolean;

const isAdmin: Rule = (a) => a.perfil === PROFILE.ADMINISTRADOR;
const kindIn =
  (...kinds: RoleKind[]): Rule =>
  (a) =>
    kinds.includes(a.papel);
const groupIn =
  (...codes: number[]): Rule =>
  (a) =>
    codes.includes(a.grupo);
const any =
  (...rules: Rule[]): Rule =>
  (a) =>
    rules.some((r) => r(a));
const all =
  (...rules: Rule[]): Rule =>
  (a) =>
    rules.every((r) => r(a));
const not =
  (rule: Rule): Rule =>
  (a) =>
    !rule(a);
const flag =
  (name: keyof Actor['permissoes']): Rule =>
  (a) =>
    a.permissoes[name];
/** Profile 3 (Consulta) is read-only: it never administers anything. */
const mayAdminister: Rule = (a) => a.perfil !== PROFILE.CONSULTA;

/** A regional reviewer sees the companies, not the central administration (unless profile 1). */
const isRegionalReviewer: Rule = all(kindIn('regional'), not(isAdmin));

/**
 * Groups that take part in the energy ownership-change flow: they start, review or settle one.
 * 22959227 (terceiros) has "register and ownership change" in part 1 §6.
 */
const takesPartInOwnershipChange = any(
  isAdmin,
  kindIn('amee', 'celula', 'regional', 'tower', 'solicitante', 'terceiros'),
  groupIn(GROUP.RESTRITO),
);

/** The roles that create on this form (forms.ts) reach it. */
const createsOn =
  (flow: Flow, kind: Kind): Rule =>
  (a) =>
    mayCreate(requestForm(flow, kind), a.papel);

/**
 * Who works water requests besides their creators (spec part 2 §4.3, §6): the cell, the provider,
 * the regionals, the tower (uploads at 0 and 9), Property Management (fixes at 9, 'Recusada
 * Célula - Property') and group 23158875.
 */
const worksWater = any(
  kindIn('amee', 'celula', 'regional', 'tower', 'property', 'analise_property'),
  groupIn(GROUP.RESTRITO),
);

/**
 * Which manual and presentation deck a group gets (spec part 1 §1): the cell's (with the new-unit
 * deck) for the cell, the provider and the central groups; the regional's for the regionals and
 * Energy Efficiency; the companies' for the requesters, the tower and Property Management.
 */
export type GuideAudience = 'celula' | 'regional' | 'empresas';
const AUDIENCE_BY_ROLE: Record<RoleKind, GuideAudience> = {
  celula: 'celula',
  amee: 'celula',
  grupo_tim: 'celula',
  regional: 'regional',
  energy_efficiency: 'regional',
  tower: 'empresas',
  terceiros: 'empresas',
  solicitante: 'empresas',
  property: 'empresas',
  analise_property: 'empresas',
};
export const guideAudience = (actor: Pick<Actor, 'papel' | 'perfil'>): GuideAudience =>
  actor.perfil === PROFILE.ADMINISTRADOR ? 'celula' : AUDIENCE_BY_ROLE[actor.papel];
const guideFor =
  (audience: GuideAudience): Rule =>
  (a) =>
    guideAudience(a) === audience;

/** Regularização CNPJ/Razão Social (part 1 §6): the cell and the provider, with the cnpjs flag. */
const worksRegularization = all(
  flag('cnpjs'),
  any(isAdmin, kindIn('amee', 'celula')),
  not(groupIn(GROUP.SOLICITANTE, GROUP.RESTRITO)),
);
const keepsProviderBase = all(mayAdminister, any(isAdmin, kindIn('amee', 'celula')));

/** Part 1 §6 names the cell and the provider; part 2 §2.10 adds the regionals (docs/decisions/reports-and-exports.md, D-REP-001). */
const readsReports = all(flag('relatorios'), any(isAdmin, kindIn('amee', 'celula', 'regional')));

export const MENU_RULES = {
  dashboard: () => true,
  'uc-nova': flag('cadastro'),
  consolidacao: worksRegularization,
  // Part 2 §2.1 routes /agua/consolidacao; the same people regularize water units.
  'agua-consolidacao': worksRegularization,
  // The provider operator and the cell keep the provider's base (issue 11): import it, map its names.
  conciliacao: keepsProviderBase,
  'de-para': keepsProviderBase,
  // Confirming approved requests into the base is the provider operator's (status 8 'Inserida na Base').
  'confirmacao-base': all(mayAdminister, any(isAdmin, kindIn('amee'))),
  // After approval (issue 14): the provider's work on the units it inserted in its base. Part 1 §6
  // gives the provider 'full menu' and the cell a menu 'without pre, final, follow-up'. Consulta
  // reads these lists; writing is refused to it like every other save.
  'pos-aprovacao': any(isAdmin, kindIn('amee')),
  // The audit trail names every user and what they changed: administrators only.
  logs: isAdmin,
  // The queue's failed tasks (issue 16) name recipients and errors: administrators only, as the logs.
  'fila-tarefas': isAdmin,
  // The reasons of refusal every refusing move offers (issue 34 step 3): administrators keep them.
  'motivos-recusa': isAdmin,
  'troca-titularidade': all(flag('cnpjs'), takesPartInOwnershipChange),
  relatorios: readsReports,
  // The water reports (part 1 §2: under /agua/relatorios) go to those readers who work water.
  'agua-relatorios': all(readsReports, any(isAdmin, worksWater)),
  'agua-nova': all(flag('cadastro'), any(worksWater, createsOn('agua', 'nova'))),
  'agua-troca': all(flag('cadastro'), any(worksWater, createsOn('agua', 'troca'))),
  // Part 2 §6 shows the company menus to the regionals too; Regional and Status stay central.
  empresas: all(flag('empresas'), mayAdminister),
  regional: all(flag('empresas'), mayAdminister, not(isRegionalReviewer)),
  status: all(flag('empresas'), mayAdminister, not(isRegionalReviewer)),
  usuarios: all(flag('usuarios'), mayAdminister),
  grupo: all(flag('usuarios'), mayAdminister),
  'manual-celula': guideFor('celula'),
  'apresentacao-nova-uc': guideFor('celula'),
  'manual-regional': guideFor('regional'),
  'apresentacao-regional': guideFor('regional'),
  'manual-empresas': guideFor('empresas'),
  'apresentacao-empresas': guideFor('empresas'),
} satisfies Record<string, Rule>;

export type MenuKey = keyof typeof MENU_RULES;

/** A request form's entry: its one name and list path come from forms.ts, never retyped here. */
const formEntry = (key: MenuKey, flow: Flow, kind: Kind): MenuItem => {
  const form = requestForm(flow, kind);
  return { key, label: form.title, path: form.listPath };
};
/** A report's entry, named and routed as reports/definitions.ts says. */
const reportEntry = (flow: Flow, report: ReportKey): MenuItem => {
  const definition = reportOf(flow, report);
  return { key: definition.menuKey, label: definition.title, path: definition.path };
};

const MENU: MenuSection[] = [
  { key: 'inicio', label: 'Inicial', items: [{ key: 'dashboard', label: 'Inicial', path: '/dashboard' }] },
  {
    key: 'energia',
    label: 'Energia',
    items: [
      formEntry('uc-nova', 'energia', 'nova'),
      { key: 'consolidacao', label: REGULARIZATION_TITLES.energia, path: '/consolidacao' },
      formEntry('troca-titularidade', 'energia', 'troca'),
    ],
  },
  {
    key: 'relatorios',
    label: 'Relatórios',
    items: [
      reportEntry('energia', 'regularizacao'),
      reportEntry('energia', 'novas-unidades'),
      reportEntry('energia', 'troca-unidades'),
      reportEntry('agua', 'regularizacao'),
      reportEntry('agua', 'novas-unidades'),
      reportEntry('agua', 'troca-unidades'),
    ],
  },
  {
    key: 'agua',
    label: 'Água',
    items: [
      formEntry('agua-nova', 'agua', 'nova'),
      formEntry('agua-troca', 'agua', 'troca'),
      { key: 'agua-consolidacao', label: REGULARIZATION_TITLES.agua, path: '/agua/consolidacao' },
    ],
  },
  {
    key: 'base-provedor',
    label: 'Conciliação da Base',
    items: [
      { key: 'conciliacao', label: 'Conciliação da Base', path: '/conciliacao-da-base' },
      { key: 'confirmacao-base', label: 'Confirmação na Base', path: '/confirmacao-base' },
      { key: 'pos-aprovacao', label: 'Pré-Validação', path: '/validacao-uc' },
      { key: 'pos-aprovacao', label: 'Validação Final', path: '/validacao-final-uc' },
      { key: 'pos-aprovacao', label: 'Acompanhamento', path: '/acompanhamento-uc-nova' },
      { key: 'de-para', label: 'De-Para', path: '/de-para' },
    ],
  },
  {
    key: 'cadastro-auxiliar',
    label: 'Cadastro Auxiliar',
    items: [
      { key: 'empresas', label: 'Empresas', path: '/empresas' },
      { key: 'regional', label: 'Regional', path: '/regional' },
      // Not in the spec's menu; administered under the same flag as companies (docs/decisions/access-and-administration.md, D-ACC-017).
      { key: 'empresas', label: 'Concessionárias', path: '/concessionarias' },
    ],
  },
  {
    key: 'gerenciar',
    label: 'Gerenciar',
    items: [
      { key: 'usuarios', label: 'Usuários', path: '/usuarios' },
      { key: 'grupo', label: 'Grupo de Acesso', path: '/grupo' },
      { key: 'status', label: 'Status Energia', path: '/status/nova-unidade' },
      { key: 'status', label: 'Status Água', path: '/status/regularizacao' },
      { key: 'logs', label: 'Logs de Ações', path: '/logs' },
      { key: 'fila-tarefas', label: 'Fila de tarefas', path: '/fila-tarefas' },
      { key: 'motivos-recusa', label: 'Motivos de Recusa', path: '/motivos-recusa' },
    ],
  },
  {
    key: 'ajuda',
    label: 'Manuais',
    items: [
      { key: 'manual-celula', label: 'Manual da Célula', path: '/manuais/celula' },
      { key: 'apresentacao-nova-uc', label: 'Apresentação Nova UC', path: '/apresentacoes/nova-uc' },
      { key: 'manual-regional', label: 'Manual da Regional', path: '/manuais/regional' },
      { key: 'apresentacao-regional', label: 'Apresentação Regional', path: '/apresentacoes/regional' },
      { key: 'manual-empresas', label: 'Manual das Empresas', path: '/manuais/empresas' },
      { key: 'apresentacao-empresas', label: 'Apresentação Empresas', path: '/apresentacoes/empresas' },
    ],
  },
];

export const canSee = (actor: Actor, key: MenuKey): boolean => MENU_RULES[key](actor);

/** The sections and entries this actor sees, empty sections dropped. */
export function menuFor(actor: Actor): MenuSection[] {
  return MENU.map((section) => ({
    ...section,
    items: section.items.filter((item) => canSee(actor, item.key)),
  })).filter((section) => section.items.length > 0);
}

/** Group 22959227 works without the dashboard header and breadcrumb (spec part 1 §2). */
export const hidesHeader = (actor: Pick<Actor, 'grupo'>): boolean => actor.grupo === GROUP.TERCEIROS;
