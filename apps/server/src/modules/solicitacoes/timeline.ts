import { namesOf } from '../logs/repo.ts';
import {
  fieldKind,
  formFieldLabel,
  labelOf,
  policyRole,
  REQUEST_FIELDS,
  requestForm,
  SITE_SITUATIONS,
  VALIDATION_RESULTS,
  VALIDATION_TYPE_LABELS,
  visibleFields,
  visibleFiles,
  type Flow,
  type Kind,
  type RequestField,
  type RequestForm,
  type RequestStatus,
  type SessionUser,
  type SiteSituation,
  type ValidationResult,
} from '@portal/domain';
import type { TimelineAttachment, TimelineEntry } from '@portal/domain/contracts/timeline';
import type { DbOrTx } from '../../db/client.ts';
import { attachmentUrl } from '../../requests-core/record.ts';
import { findRequest, observationHistory, statusHistory } from '../../requests-core/repo.ts';
import { currentAttachments, requestAudit, type AuditRecord, type ReferenceNames } from './timeline-repo.ts';

/** The observation is a history entry of its own (historico_observacoes), not a field change. */
const DIFFED_FIELDS = REQUEST_FIELDS.filter((f) => f !== 'observacao');

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** Stored and sent spellings of one value made comparable: empty is null, dates lose their time. */
export function comparable(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  if (text === '') return null;
  return /^\d{4}-\d{2}-\d{2}T/.test(text) ? text.slice(0, 10) : text;
}

export interface FieldChange {
  field: RequestField;
  before: unknown;
  after: unknown;
}

/**
 * The fields a save changed: those it sent (`depois`) whose value differs from the stored one
 * (`antes`), kept only when `shown` — what the reader's screen shows of the record now.
 */
export function changedFields(antes: unknown, depois: unknown, shown: ReadonlySet<string>): FieldChange[] {
  if (!isObject(antes) || !isObject(depois)) return [];
  return DIFFED_FIELDS.filter(
    (field) =>
      shown.has(field) &&
      Object.hasOwn(depois, field) &&
      comparable(antes[field]) !== comparable(depois[field]),
  ).map((field) => ({ field, before: antes[field], after: depois[field] }));
}

const EMPTY_NAMES: ReferenceNames = { regionais: new Map(), concessionarias: new Map() };

/** A value as the form shows it: the option's label for a code, the name for a row, dd/mm/aaaa for a date. */
export function displayValue(field: RequestField, value: unknown, names: ReferenceNames = EMPTY_NAMES) {
  const text = comparable(value);
  if (text === null) return null;
  const kind = fieldKind(field);
  switch (kind.kind) {
    case 'code':
      return labelOf(kind.catalog, Number(text));
    case 'stringCode':
      return labelOf(kind.catalog, text);
    case 'regional':
      return names.regionais.get(Number(text)) ?? text;
    case 'concessionaire':
      return names.concessionarias.get(Number(text)) ?? text;
    case 'date': {
      const [y, m, d] = text.split('-');
      return d ? `${d}/${m}/${y}` : text;
    }
    default:
      return text;
  }
}

const sentSlots = (depois: unknown): string[] =>
  isObject(depois) && Array.isArray(depois.arquivos) ? depois.arquivos.map(String) : [];

/** The ids of regionals and concessionaires the visible changes mention, to read their names once. */
export function referencedIds(audit: AuditRecord[], shown: ReadonlySet<string>) {
  const ids = { regionais: new Set<number>(), concessionarias: new Set<number>() };
  for (const entry of audit) {
    if (entry.acao !== 'editar-solicitacao') continue;
    for (const change of changedFields(entry.antes, entry.depois, shown)) {
      const target =
        change.field === 'regional'
          ? ids.regionais
          : change.field === 'id_concessionaria'
            ? ids.concessionarias
            : null;
      for (const v of [change.before, change.after]) {
        if (target && Number.isInteger(Number(comparable(v)))) target.add(Number(comparable(v)));
      }
    }
  }
  return { regionais: [...ids.regionais], concessionarias: [...ids.concessionarias] };
}

/** What the reader's screen shows of the record in its current status (visibility.ts). */
export interface Shown {
  fields: ReadonlySet<string>;
  files: ReadonlySet<string>;
}

interface TimelineInput {
  form: RequestForm;
  shown: Shown;
  statuses: { nome: string; data_cadastro: string; status: number; motivo_recusa?: string | null }[];
  observations: { nome: string; data: string; obs: string }[];
  audit: AuditRecord[];
  /** The slots' current files: an upload of the same save is named after its file. */
  attachments: { tipo: string; nome: string; enviadoEm: Date }[];
  names: ReferenceNames;
}

/** Within one save (one instant), the order a reader follows: status, fields, files, verdicts, notes. */
const RANK: Record<TimelineEntry['tipo'], number> = {
  status: 0,
  campo: 1,
  anexo_removido: 2,
  anexo_adicionado: 3,
  validacao: 4,
  observacao: 5,
};

function auditEntries(entry: AuditRecord, input: TimelineInput): TimelineEntry[] {
  const { form, shown, names } = input;
  const at = { em: entry.em.toISOString(), por: entry.por };
  switch (entry.acao) {
    case 'criar-solicitacao':
    case 'editar-solicitacao': {
      // A creation's values are the record's first state, not changes: only its files are listed.
      const fields =
        entry.acao === 'editar-solicitacao' ? changedFields(entry.antes, entry.depois, shown.fields) : [];
      const changes: TimelineEntry[] = fields.map((c) => ({
        tipo: 'campo',
        ...at,
        campo: formFieldLabel(form, c.field),
        antes: displayValue(c.field, c.before, names),
        depois: displayValue(c.field, c.after, names),
      }));
      const files: TimelineEntry[] = sentSlots(entry.depois)
        .filter((slot) => shown.files.has(slot))
        .map((slot) => {
          const current = input.attachments.find(
            (a) => a.tipo === slot && a.enviadoEm.getTime() === entry.em.getTime(),
          );
          return {
            tipo: 'anexo_adicionado',
            ...at,
            campo: formFieldLabel(form, slot),
            ...(current ? { texto: current.nome } : {}),
          };
        });
      return [...changes, ...files];
    }
    case 'apagar-arquivo': {
      const removed = isObject(entry.antes) ? entry.antes : {};
      const slot = String(removed.tipo ?? '');
      if (!shown.files.has(slot)) return [];
      return [
        {
          tipo: 'anexo_removido',
          ...at,
          campo: formFieldLabel(form, slot),
          ...(typeof removed.nome === 'string' ? { texto: removed.nome } : {}),
        },
      ];
    }
    case 'pre-validar':
    case 'validar-final': {
      const type = entry.acao === 'pre-validar' ? 1 : 2;
      const result = isObject(entry.depois) ? Number(entry.depois.resultado) : NaN;
      const verdict = labelOf(VALIDATION_RESULTS, result as ValidationResult);
      return [{ tipo: 'validacao', ...at, texto: `${VALIDATION_TYPE_LABELS[type]}: ${verdict}` }];
    }
    case 'acompanhar': {
      const situation = isObject(entry.depois) ? Number(entry.depois.situacao) : NaN;
      const label = labelOf(SITE_SITUATIONS, situation as SiteSituation);
      return [{ tipo: 'validacao', ...at, texto: `Acompanhamento: ${label}` }];
    }
  }
}

/** Merges the two histories and the audit log into one list, newest first. */
export function buildTimeline(input: TimelineInput): TimelineEntry[] {
  const entries: TimelineEntry[] = [
    ...input.statuses.map((s) => ({
      tipo: 'status' as const,
      em: s.data_cadastro,
      por: s.nome,
      status: s.status,
      ...(s.motivo_recusa ? { motivo: s.motivo_recusa } : {}),
    })),
    ...input.observations.map((o) => ({
      tipo: 'observacao' as const,
      em: o.data,
      por: o.nome,
      texto: o.obs,
    })),
    ...input.audit.flatMap((entry) => auditEntries(entry, input)),
  ];
  return entries
    .map((entry, order) => ({ entry, order, time: Date.parse(entry.em) }))
    .sort((a, b) => b.time - a.time || RANK[a.entry.tipo] - RANK[b.entry.tipo] || a.order - b.order)
    .map(({ entry }) => entry);
}

/**
 * `{form}/linha-do-tempo`: the request read through the same scoped query as its record (out of
 * scope and absent both answer 404), and only what the reader's screen shows of it now: a hidden
 * field's changes and a hidden slot's files are left out, as the record leaves them out.
 */
export async function requestTimeline(db: DbOrTx, user: SessionUser, flow: Flow, kind: Kind, id: number) {
  const row = await findRequest(db, user, flow, kind, id);
  const form = requestForm(flow, kind);
  const role = policyRole(user.papel);
  const status = row.status as RequestStatus;
  const shown: Shown = {
    fields: new Set<string>(visibleFields(form, role, status)),
    files: new Set<string>(visibleFiles(form, role, status)),
  };
  const [statuses, observations, audit, stored] = await Promise.all([
    statusHistory(db, row.id),
    observationHistory(db, row.id),
    requestAudit(db, flow, kind, row.id),
    currentAttachments(db, row.id),
  ]);
  const attachments = stored.filter((a) => shown.files.has(a.tipo));
  const names = await namesOf(db, referencedIds(audit, shown.fields));
  const dados = buildTimeline({ form, shown, statuses, observations, audit, attachments, names });
  const anexos: TimelineAttachment[] = attachments.map((a) => ({
    id: a.id,
    tipo: a.tipo,
    nome: a.nome,
    tamanho: a.tamanho,
    url: attachmentUrl(a.id),
    enviado_por: a.enviadoPor,
    enviado_em: a.enviadoEm.toISOString(),
  }));
  return { dados, anexos };
}
