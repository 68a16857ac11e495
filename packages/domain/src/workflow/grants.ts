import type { Flow } from '../catalogs/flow-kind.ts';
import { STATUS, type RequestStatus } from '../catalogs/request-status.ts';
import type { PolicyRole } from './audience.ts';
import {
  ADDRESS_IDS,
  CELL_BLOCK_FIELDS,
  CELL_TRACKING_FIELDS,
  HOLDER_DOCUMENTS,
  REQUESTER_FIELDS,
  type RequestField,
  type RequestFile,
} from './request-fields.ts';

/**
 * What each role may change in each status of an existing request (spec part 1 §4 "Editability",
 * part 2 §4.3). A (role, status) pair without a row is read-only with no submit: that is the
 * spec's "any other combination". Where the spec reads two ways, the choice is in docs/decisions/requests-workflow.md.
 */
export interface Grant {
  fields: readonly RequestField[];
  files: readonly RequestFile[];
  /** Whether saving may leave the status as it is. A fix at 9 must send the request back. */
  keepStatus: boolean;
  /** The moves this row allows, where they differ from the role's usual choices (ROLE_STATUS_CHOICES). */
  moves?: readonly RequestStatus[];
}

interface GrantRow {
  statuses: readonly RequestStatus[];
  /** Only on these flows; every flow when absent. */
  flows?: readonly Flow[];
  grant: Grant;
}

const grant = (
  fields: readonly RequestField[],
  files: readonly RequestFile[] = [],
  keepStatus = true,
): Grant => ({
  fields: [...fields, 'observacao'],
  files,
  keepStatus,
});

/** A fix at 9 ('Recusada Célula - Tower/Property'): the fixer cannot keep 9 and returns the request to the cell. */
const returnToCell = (fields: readonly RequestField[], files: readonly RequestFile[] = []): Grant => ({
  ...grant(fields, files, false),
  moves: [STATUS.EM_VALIDACAO_CELULA],
});

const ADDRESS_AND_STORE = [...ADDRESS_IDS, 'tipo_de_loja'] as const;

/** Statuses where the cell takes its decision: it fills the whole cell block there, since approving requires it. */
export const CELL_DECIDING_STATUSES = [2, 4, 5, 10, 12, 14, 16] as const satisfies readonly RequestStatus[];

export const GRANTS: Partial<Record<PolicyRole, readonly GrantRow[]>> = {
  regional: [
    { statuses: [STATUS.INICIADA, STATUS.EM_VALIDACAO_REGIONAL], grant: grant(ADDRESS_IDS) },
    { statuses: [STATUS.APROVADA_REGIONAL], grant: grant([]) },
  ],
  celula: [
    { statuses: [STATUS.EM_VALIDACAO_REGIONAL, STATUS.RECUSADA_REGIONAL], grant: grant(CELL_BLOCK_FIELDS) },
    {
      statuses: CELL_DECIDING_STATUSES,
      grant: grant([...CELL_TRACKING_FIELDS, ...CELL_BLOCK_FIELDS], ['complementar']),
    },
    { statuses: [STATUS.INICIADA_PROPERTY], grant: grant(ADDRESS_AND_STORE) },
    // The cell refused at 9; when nobody fixes it, the cell reopens (4) or closes (6) it: no dead end.
    { statuses: [STATUS.RECUSADA_CELULA_TOWER], grant: grant([]) },
  ],
  tower: [
    { statuses: [STATUS.INICIADA], grant: grant([], HOLDER_DOCUMENTS) },
    { statuses: [STATUS.RECUSADA_CELULA_TOWER], grant: returnToCell([], ['complementar_tower']) },
  ],
  amee: [{ statuses: [STATUS.APROVADA, STATUS.INSERIDA_BASE, STATUS.INICIADA_PROPERTY], grant: grant([]) }],
  property: [
    { statuses: [STATUS.INICIADA_PROPERTY, STATUS.RECUSADA_XEROX], grant: grant(ADDRESS_AND_STORE) },
    // Water's 9 is 'Recusada Célula - Property': Property Management fixes the ids and store type.
    { statuses: [STATUS.RECUSADA_CELULA_TOWER], flows: ['agua'], grant: returnToCell(ADDRESS_AND_STORE) },
  ],
};

/** What the creator of a new request fills in (the form narrows it to what the creator sees). */
export const CREATION_GRANT: Grant = grant(REQUESTER_FIELDS, HOLDER_DOCUMENTS);

/**
 * The creator's correction (issue 15, docs/decisions/requests-workflow.md, D-WF-032): while nobody has acted on the request,
 * its creator edits what creating it let them fill in, keeping the status; a role that also works
 * in that status (Property Management at 13) keeps its own fields and moves besides.
 */
export const withCorrection = (roleGrant: Grant | null): Grant => ({
  fields: [...new Set([...(roleGrant?.fields ?? []), ...CREATION_GRANT.fields])],
  files: [...new Set([...(roleGrant?.files ?? []), ...CREATION_GRANT.files])],
  keepStatus: true,
  ...(roleGrant?.moves ? { moves: roleGrant.moves } : {}),
});

export const grantFor = (role: PolicyRole, status: RequestStatus, flow: Flow): Grant | null =>
  GRANTS[role]?.find((row) => row.statuses.includes(status) && (!row.flows || row.flows.includes(flow)))
    ?.grant ?? null;

/**
 * The statuses each role may ever choose (spec part 1 §4 "Status choices", part 2 §4.2).
 * The transition table narrows them to what may follow the current status. A grant's own
 * `moves` replace them (the fix at 9 only hands the request back to the cell).
 */
export const ROLE_STATUS_CHOICES: Partial<Record<PolicyRole, readonly RequestStatus[]>> = {
  regional: [STATUS.EM_VALIDACAO_REGIONAL, STATUS.APROVADA_REGIONAL, STATUS.RECUSADA_REGIONAL],
  celula: [
    STATUS.EM_VALIDACAO_CELULA,
    STATUS.APROVADA_CELULA_AGUARDANDO,
    STATUS.RECUSADA_CELULA,
    STATUS.APROVADA,
    STATUS.RECUSADA_CELULA_TOWER,
  ],
  amee: [STATUS.INSERIDA_BASE, STATUS.RECUSADA_XEROX],
  property: [STATUS.RECUSADA_ANALISE, STATUS.APROVADO_ANALISE],
};

export const roleStatusChoices = (role: PolicyRole): readonly RequestStatus[] =>
  ROLE_STATUS_CHOICES[role] ?? [];

/** Whether the role could choose this status somewhere (its usual choices or a row's own moves). */
export const roleMayEverChoose = (role: PolicyRole, status: RequestStatus): boolean =>
  roleStatusChoices(role).includes(status) ||
  (GRANTS[role] ?? []).some((row) => row.grant.moves?.includes(status));
