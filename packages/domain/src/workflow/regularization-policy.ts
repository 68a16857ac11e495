import { isReadOnlyProfile, PROFILE, type Actor } from '../access/groups.ts';
import { fieldLabel } from '../catalogs/field-labels.ts';
import { labelOf } from '../catalogs/options.ts';
import {
  REG_STATUS,
  REGULARIZATION_STATUSES,
  regularizationStatusOf,
  type RegularizationStatus,
} from '../catalogs/regularization.ts';
import { policyRole, type PolicyRole } from './audience.ts';
import { PROFILE_READ_ONLY, CANNOT_CREATE, cannotEditInStatus } from './request-policy.ts';
import { judgeSave, type SaveSide, type SaveVerdict } from './save-verdict.ts';

/**
 * Regularization of CNPJ / company name (spec part 2 §4.4), "Reading A" (the edit screen):
 * the cell works the divergence at 0, 1, 2 and decides 1, 2, 3 or 5; the provider records the
 * update in its base (3 → 4) and may add observations at 0, 2, 3, 4. A record without status is 0.
 */
export const REGULARIZATION_FIELDS = [
  'razao_social_correta',
  'cnpj_correto',
  'data_pedido',
  'data_previsao',
  'nova_unidade',
  'observacao',
] as const;
export type RegularizationField = (typeof REGULARIZATION_FIELDS)[number];

export const REGULARIZATION_FILES = ['solicitacao', 'resposta', 'anexo'] as const;
export type RegularizationFile = (typeof REGULARIZATION_FILES)[number];

const { DIVERGENTE, PROCESSO_INICIADO, EM_ANDAMENTO, APROVADO_CELULA, ATUALIZADO_BASE, RECUSADO_CELULA } =
  REG_STATUS;

export const REGULARIZATION_TRANSITIONS: Record<RegularizationStatus, readonly RegularizationStatus[]> = {
  [DIVERGENTE]: [PROCESSO_INICIADO, EM_ANDAMENTO, APROVADO_CELULA, RECUSADO_CELULA],
  [PROCESSO_INICIADO]: [EM_ANDAMENTO, APROVADO_CELULA, RECUSADO_CELULA],
  [EM_ANDAMENTO]: [APROVADO_CELULA, RECUSADO_CELULA],
  [APROVADO_CELULA]: [ATUALIZADO_BASE],
  [ATUALIZADO_BASE]: [],
  [RECUSADO_CELULA]: [],
};

const ROLE_CHOICES: Partial<Record<PolicyRole, readonly RegularizationStatus[]>> = {
  celula: [PROCESSO_INICIADO, EM_ANDAMENTO, APROVADO_CELULA, RECUSADO_CELULA],
  amee: [ATUALIZADO_BASE],
};

interface RegularizationGrant {
  statuses: readonly RegularizationStatus[];
  fields: readonly RegularizationField[];
  files: readonly RegularizationFile[];
}

const GRANTS: Partial<Record<PolicyRole, RegularizationGrant>> = {
  celula: {
    statuses: [DIVERGENTE, PROCESSO_INICIADO, EM_ANDAMENTO],
    fields: REGULARIZATION_FIELDS,
    files: REGULARIZATION_FILES,
  },
  amee: {
    statuses: [DIVERGENTE, EM_ANDAMENTO, APROVADO_CELULA, ATUALIZADO_BASE],
    fields: ['observacao'],
    files: [],
  },
};

/** Approving (3) needs the correction filled in and the exchange with the concessionaire on file. */
const REQUIRED_ON_APPROVAL: readonly RegularizationField[] = [
  'razao_social_correta',
  'cnpj_correto',
  'data_pedido',
  'data_previsao',
];
const FILES_REQUIRED_ON_APPROVAL: readonly RegularizationFile[] = ['solicitacao', 'resposta'];

export interface RegularizationPolicy {
  canSave: boolean;
  reason: string | null;
  statusChoices: RegularizationStatus[];
  editableFields: RegularizationField[];
  editableFiles: RegularizationFile[];
  requiredFields: RegularizationField[];
  requiredFiles: RegularizationFile[];
}

export interface RegularizationPolicyInput {
  actor: Pick<Actor, 'papel' | 'perfil'>;
  /** null while creating; a stored null status is 0 (use regularizationStatusOf). */
  currentStatus: RegularizationStatus | null;
  chosenStatus?: RegularizationStatus | null;
  uploadedFiles?: readonly RegularizationFile[];
}

export const regularizationStatusLabel = (status: number): string =>
  labelOf(REGULARIZATION_STATUSES, status as RegularizationStatus);

export function regularizationPolicy(input: RegularizationPolicyInput): RegularizationPolicy {
  const role = policyRole(input.actor.papel);
  const status = input.currentStatus ?? DIVERGENTE;
  const readOnly = (reason: string): RegularizationPolicy => ({
    canSave: false,
    reason,
    statusChoices: [],
    editableFields: [],
    editableFiles: [],
    requiredFields: [],
    requiredFiles: [],
  });
  if (isReadOnlyProfile(input.actor)) return readOnly(PROFILE_READ_ONLY);
  // Only the cell opens a regularization: the provider's part starts once the cell approved.
  if (input.currentStatus === null && role !== 'celula') return readOnly(CANNOT_CREATE);
  const grant = GRANTS[role];
  if (!grant?.statuses.includes(status))
    return readOnly(cannotEditInStatus(regularizationStatusLabel(status)));

  const moves = REGULARIZATION_TRANSITIONS[status].filter((s) => ROLE_CHOICES[role]?.includes(s));
  const approving = input.chosenStatus === APROVADO_CELULA && status !== APROVADO_CELULA;
  return {
    canSave: true,
    reason: null,
    statusChoices: [status, ...moves],
    editableFields: [...grant.fields],
    editableFiles: [...grant.files],
    requiredFields: approving ? grant.fields.filter((f) => REQUIRED_ON_APPROVAL.includes(f)) : [],
    requiredFiles: approving
      ? grant.files.filter((f) => FILES_REQUIRED_ON_APPROVAL.includes(f) && !input.uploadedFiles?.includes(f))
      : [],
  };
}

export interface CheckRegularizationSaveInput {
  actor: Pick<Actor, 'papel' | 'perfil'>;
  /** A stored record may have no status yet (a fresh divergence). */
  current: (Omit<SaveSide, 'status'> & { status: number | null }) | null;
  next: SaveSide;
}

export function checkRegularizationSave({ actor, current, next }: CheckRegularizationSaveInput): SaveVerdict {
  const currentStatus = current ? (regularizationStatusOf(current.status) as RegularizationStatus) : null;
  const policy = regularizationPolicy({
    actor,
    currentStatus,
    chosenStatus: next.status as RegularizationStatus,
    uploadedFiles: (current?.files ?? []) as RegularizationFile[],
  });
  const role = policyRole(actor.papel);
  return judgeSave(
    {
      ...policy,
      // A new record starts as a divergence, which the cell may already move on.
      currentStatus: currentStatus ?? DIVERGENTE,
      fields: REGULARIZATION_FIELDS,
      fieldLabel,
      statusLabel: regularizationStatusLabel,
      roleMayChoose: (s) => ROLE_CHOICES[role]?.includes(s as RegularizationStatus) ?? false,
    },
    current && { ...current, status: currentStatus ?? DIVERGENTE },
    next,
  );
}

export const REGULARIZATION_DELETE_REFUSED =
  'Só uma divergência ainda não trabalhada (Divergente) pode ser apagada, pela Célula ou por um Administrador.';

/**
 * consolidacao/delete: a divergence nobody has worked yet (0), by the cell or profile 1. Once worked
 * it is concluded by a status (3 → 4, or 5 'Recusado pela Célula'), so its history stays.
 */
export function regularizationDeleteProblem(
  actor: Pick<Actor, 'papel' | 'perfil'>,
  status: number | null,
): string | null {
  if (isReadOnlyProfile(actor)) return PROFILE_READ_ONLY;
  const mayDelete = actor.perfil === PROFILE.ADMINISTRADOR || policyRole(actor.papel) === 'celula';
  return mayDelete && regularizationStatusOf(status) === DIVERGENTE ? null : REGULARIZATION_DELETE_REFUSED;
}
