import { PROFILES, ROLE_KINDS, type RoleKind } from '../access/groups.ts';
import { DE_PARA_TIPO_OPTIONS } from '../catalogs/de-para.ts';
import { fieldLabel } from '../catalogs/field-labels.ts';
import { FLOWS_LIST, KINDS_LIST, type Flow, type Kind } from '../catalogs/flow-kind.ts';
import { labelOf } from '../catalogs/options.ts';
import { DIVERGENCE_TYPES, REGULARIZATION_STATUSES } from '../catalogs/regularization.ts';
import { statusLabel } from '../catalogs/request-status.ts';
import {
  SITE_SITUATIONS,
  VALIDATION_RESULTS,
  type SiteSituation,
  type ValidationResult,
} from '../post-approval/rules.ts';
import { POST_APPROVAL_STAGES, type PostApprovalStage } from '../post-approval/stages.ts';
import { formatCnpj, formatCpf } from '../validators/tax-id.ts';
import { REQUEST_FIELD_KINDS } from '../workflow/field-kinds.ts';
import type { RequestField } from '../workflow/request-fields.ts';

/**
 * How one stored value of an audit entry reads on /logs: codes by their catalog labels, ids of
 * regionals and concessionaires by their names, dates as dd/mm/aaaa, yes/no in Portuguese.
 */

/** Names the server looks up for the ids a page of entries holds. */
export interface AuditNames {
  regionais?: ReadonlyMap<number, string>;
  concessionarias?: ReadonlyMap<number, string>;
}

export interface ValueContext {
  entidade: string;
  acao: string;
  /** The whole record the value belongs to: some ids travel with their name beside them. */
  record: Readonly<Record<string, unknown>>;
  names: AuditNames;
}

/** Labels of what audit entries hold besides the forms' fields (FIELD_LABELS). */
const EXTRA_LABELS: Readonly<Record<string, string>> = {
  codigo: 'Código',
  trocar_senha: 'Troca de Senha Pendente',
  arquivos: 'Anexos Enviados',
  arquivo: 'Arquivo',
  de: 'De',
  para: 'Para',
  cnpj_tim: 'CNPJ TIM',
  uc: 'UC',
  motivo: 'Motivo',
  read: 'Linhas Lidas',
  accepted: 'Linhas Aceitas',
  rejected: 'Linhas Rejeitadas',
  opened: 'Divergências Abertas',
  closed: 'Divergências Fechadas',
  // after approval (issue 14): pre-validation, final validation, first-invoice follow-up
  pos_etapa: 'Etapa',
  resultado: 'Resultado',
  situacao: 'Situação',
  responsavel: 'Responsável',
  cargo: 'Cargo',
  identificacao_tim: 'Identificação TIM',
  elemento_de_rede: 'Elemento de Rede',
  tipologia: 'Tipologia',
  data_validacao: 'Data da Validação',
  chave_debito: 'Chave de Débito',
  data_primeira_fatura: 'Data de Emissão da 1ª Fatura',
  data_recebimento_fatura: 'Data de Recebimento da 1ª Fatura',
};

/** The file slot's name (apagar-arquivo): `tipo` is the slot, `nome` the file's name. */
const FILE_ACTION_LABELS: Readonly<Record<string, string>> = { tipo: 'Anexo', nome: 'Arquivo' };

export function auditFieldLabel(campo: string, acao: string): string {
  if (acao === 'apagar-arquivo' && Object.hasOwn(FILE_ACTION_LABELS, campo))
    return FILE_ACTION_LABELS[campo]!;
  if (Object.hasOwn(EXTRA_LABELS, campo)) return EXTRA_LABELS[campo]!;
  return fieldLabel(campo);
}

/** The flow and kind an entity code names: solicitacao.<flow>.<kind>, regularizacao.<flow>. */
export function entityForm(entidade: string): {
  of: 'request' | 'regularization' | 'other';
  flow?: Flow;
  kind?: Kind;
} {
  const [what, flow, kind] = entidade.split('.');
  const isFlow = (f: string | undefined): f is Flow => (FLOWS_LIST as readonly string[]).includes(f ?? '');
  const isKind = (k: string | undefined): k is Kind => (KINDS_LIST as readonly string[]).includes(k ?? '');
  if (what === 'solicitacao' && isFlow(flow) && isKind(kind)) return { of: 'request', flow, kind };
  if (what === 'regularizacao' && isFlow(flow)) return { of: 'regularization', flow };
  return { of: 'other' };
}

/** Where a record carries an id's name beside it, by entity: shown instead of the id, and not twice. */
export const COMPANIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  usuario: { id_empresa: 'razao_social', id_grupo: 'grupo_nome', id_perfil: 'perfil_nome' },
  grupo: { papel: 'papel_nome' },
  'de-para': { para: 'para_rotulo' },
};

const TAX_ID_FIELDS = new Set(['cnpj', 'cnpj_solicitada', 'cnpj_tim', 'cnpj_fatura', 'cnpj_correto']);
const FLOW_NAMES: Readonly<Record<string, string>> = { energia: 'Energia', agua: 'Água' };
const STATUS_LABEL_KIND_NAMES: Readonly<Record<string, string>> = {
  nova: 'Nova',
  troca: 'Troca',
  regularizacao: 'Regularização',
};
/** The longest text a cell of /logs shows; the rest is cut with an ellipsis. */
export const AUDIT_VALUE_MAX = 500;

const isoDay = /^(\d{4})-(\d{2})-(\d{2})$/;
const isoInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

const brazilianDay = (iso: string) => iso.replace(isoDay, '$3/$2/$1');
const brazilianInstant = (iso: string) => {
  const at = new Date(iso);
  return Number.isNaN(at.getTime())
    ? iso
    : at.toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' });
};

const yesNo = (b: boolean) => (b ? 'Sim' : 'Não');

const nameOf = (names: ReadonlyMap<number, string> | undefined, id: unknown) => {
  const n = typeof id === 'number' ? id : typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : NaN;
  return names?.get(n) ?? String(id);
};

function text(value: unknown): string {
  if (typeof value === 'boolean') return yesNo(value);
  if (typeof value === 'string') {
    if (isoDay.test(value)) return brazilianDay(value);
    if (isoInstant.test(value)) return brazilianInstant(value);
    return value;
  }
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}

const isEmpty = (value: unknown) =>
  value === null ||
  value === undefined ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0);

/** A value as /logs shows it, or null when there is none. */
export function formatAuditValue(campo: string, value: unknown, ctx: ValueContext): string | null {
  if (isEmpty(value)) return null;
  const shown = describe(campo, value, ctx);
  return shown.length > AUDIT_VALUE_MAX ? `${shown.slice(0, AUDIT_VALUE_MAX - 1)}…` : shown;
}

function describe(campo: string, value: unknown, ctx: ValueContext): string {
  const { entidade, acao, record, names } = ctx;
  const companion = COMPANIONS[entidade]?.[campo];
  if (companion && typeof record[companion] === 'string' && record[companion] !== '')
    return record[companion];
  if (Array.isArray(value)) return value.map((v) => describe(campo, v, ctx)).join(', ');

  const form = entityForm(entidade);
  switch (campo) {
    case 'status':
      if (typeof value === 'boolean') return value ? 'Ativo' : 'Inativo';
      if (typeof value === 'number' && form.of === 'request')
        return statusLabel(value, form.flow!, form.kind!);
      if (typeof value === 'number' && form.of === 'regularization')
        return labelOf(REGULARIZATION_STATUSES, value);
      break;
    case 'arquivos':
      return typeof value === 'string' ? fieldLabel(value) : text(value);
    case 'tipo':
      if (acao === 'apagar-arquivo' && typeof value === 'string') return fieldLabel(value);
      if (entidade === 'de-para' && typeof value === 'string')
        return labelOf(DE_PARA_TIPO_OPTIONS, value as never);
      if (entidade === 'status_rotulo' && typeof value === 'string')
        return STATUS_LABEL_KIND_NAMES[value] ?? value;
      break;
    case 'fluxo':
      if (typeof value === 'string') return FLOW_NAMES[value] ?? value;
      break;
    case 'trocar_senha':
      // 0 until the user chooses their own password (the first sign-in, or after a reset).
      if (typeof value === 'number') return value === 0 ? 'Sim' : 'Não';
      break;
    case 'id_perfil':
      if (typeof value === 'number') return PROFILES[value] ?? String(value);
      break;
    case 'papel':
      if (typeof value === 'string' && Object.hasOwn(ROLE_KINDS, value))
        return ROLE_KINDS[value as RoleKind].label;
      break;
    case 'regional':
    case 'id_regional':
    case 'regionais':
      if (entidade !== 'regional') return nameOf(names.regionais, value);
      break;
    case 'id_concessionaria':
      return nameOf(names.concessionarias, value);
    case 'pos_etapa':
      if (typeof value === 'number') return labelOf(POST_APPROVAL_STAGES, value as PostApprovalStage);
      break;
    case 'resultado':
      if (typeof value === 'number') return labelOf(VALIDATION_RESULTS, value as ValidationResult);
      break;
    case 'situacao':
      if (typeof value === 'number') return labelOf(SITE_SITUATIONS, value as SiteSituation);
      break;
    case 'tipo_divergencia':
      if (typeof value === 'number') return labelOf(DIVERGENCE_TYPES, value);
      break;
  }
  if (TAX_ID_FIELDS.has(campo) && typeof value === 'string') {
    const clean = value.replace(/[^0-9A-Za-z]/g, '');
    if (clean.length === 11 && /^\d+$/.test(clean)) return formatCpf(clean);
    if (clean.length === 14) return formatCnpj(clean);
  }
  if (form.of !== 'other' && Object.hasOwn(REQUEST_FIELD_KINDS, campo)) {
    const kind = REQUEST_FIELD_KINDS[campo as RequestField];
    if (kind.kind === 'code' && typeof value === 'number') return labelOf(kind.catalog, value);
    if (kind.kind === 'stringCode' && typeof value === 'string') return labelOf(kind.catalog, value);
  }
  return text(value);
}
