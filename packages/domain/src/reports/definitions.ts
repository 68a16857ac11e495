import type { Flow, Kind } from '../catalogs/flow-kind.ts';
import { REGULARIZATION_TITLES, requestForm } from '../workflow/forms.ts';

/**
 * The six reports of spec part 2 §2.10: new units, ownership changes and regularization, for
 * energy and water. Each is one screen, one paged call and one export; what differs is read here.
 */
export type ReportKey = 'novas-unidades' | 'troca-unidades' | 'regularizacao';

/** What a report lists: the requests of one form, or the regularizations of the flow. */
export type ReportSource = { of: 'requests'; kind: Kind } | { of: 'regularizations' };

export interface ReportDefinition {
  flow: Flow;
  key: ReportKey;
  title: string;
  /** The screen's route. */
  path: string;
  /** The paged call under /api (spec part 2 §7 `…/relatorio`); the export is `${api}/exportar`. */
  api: string;
  /** The export's file name, without extension, and its sheet (§2.10). */
  fileName: string;
  sheetName: string;
  source: ReportSource;
  /**
   * The menu entry whose rule opens the report, on the screen and on the server (access/menu.ts,
   * which lists the reports in its menu: named here, not imported, so neither file needs the other).
   */
  menuKey: 'relatorios' | 'agua-relatorios';
}

/** A report is named after its flow's one name (forms.ts): menu, title and breadcrumb agree. */
const titleOf = (flow: Flow, source: ReportSource) =>
  `Relatório ${source.of === 'requests' ? requestForm(flow, source.kind).title : REGULARIZATION_TITLES[flow]}`;
const FILES: Record<ReportKey, { fileName: string; sheetName: string }> = {
  'novas-unidades': { fileName: 'novas_unidades', sheetName: 'Novas Unidades' },
  'troca-unidades': { fileName: 'troca_unidades', sheetName: 'Troca Unidades' },
  regularizacao: { fileName: 'regularizacao', sheetName: 'Regularização' },
};
const SOURCES: Record<ReportKey, ReportSource> = {
  'novas-unidades': { of: 'requests', kind: 'nova' },
  'troca-unidades': { of: 'requests', kind: 'troca' },
  regularizacao: { of: 'regularizations' },
};

/** The calls keep the spec's prefixes: novas-unidades, unidades and consolidacao (agua/… for water). */
const apiBaseOf = (flow: Flow, source: ReportSource) =>
  source.of === 'requests'
    ? requestForm(flow, source.kind).apiBase
    : `${flow === 'agua' ? 'agua/' : ''}consolidacao`;

function report(flow: Flow, key: ReportKey): ReportDefinition {
  const source = SOURCES[key];
  return {
    flow,
    key,
    title: titleOf(flow, source),
    path: `${flow === 'agua' ? '/agua' : ''}/relatorios/${key}`,
    api: `${apiBaseOf(flow, source)}/relatorio`,
    ...FILES[key],
    source,
    menuKey: flow === 'agua' ? 'agua-relatorios' : 'relatorios',
  };
}

const KEYS: readonly ReportKey[] = ['novas-unidades', 'troca-unidades', 'regularizacao'];
export const REPORTS: readonly ReportDefinition[] = (['energia', 'agua'] as const).flatMap((flow) =>
  KEYS.map((key) => report(flow, key)),
);

export const reportOf = (flow: Flow, key: ReportKey): ReportDefinition =>
  REPORTS.find((r) => r.flow === flow && r.key === key)!;

/** The report of a request form: its list's export writes the same file. */
export const reportOfForm = (flow: Flow, kind: Kind): ReportDefinition =>
  REPORTS.find((r) => r.flow === flow && r.source.of === 'requests' && r.source.kind === kind)!;
