import type { RoleKind } from '../access/groups.ts';
import { STATUS, type RequestStatus } from '../catalogs/request-status.ts';

/**
 * The status machine. The spec gives only the implied sequence (part 1 §4); the edges below are
 * our reading of it, drawn in docs/workflow.md. Who may take an edge is the role's business
 * (grants.ts); this table only says which edges exist, so no request jumps from 0 to 8.
 */
const CELL_DECISIONS = [
  STATUS.EM_VALIDACAO_CELULA,
  STATUS.APROVADA_CELULA_AGUARDANDO,
  STATUS.RECUSADA_CELULA,
  STATUS.APROVADA,
  STATUS.RECUSADA_CELULA_TOWER,
] as const;

export const TRANSITIONS: Record<RequestStatus, readonly RequestStatus[]> = {
  [STATUS.INICIADA]: [STATUS.EM_VALIDACAO_REGIONAL, STATUS.APROVADA_REGIONAL, STATUS.RECUSADA_REGIONAL],
  [STATUS.EM_VALIDACAO_REGIONAL]: [STATUS.APROVADA_REGIONAL, STATUS.RECUSADA_REGIONAL],
  [STATUS.APROVADA_REGIONAL]: CELL_DECISIONS,
  [STATUS.RECUSADA_REGIONAL]: [],
  [STATUS.EM_VALIDACAO_CELULA]: CELL_DECISIONS.filter((s) => s !== STATUS.EM_VALIDACAO_CELULA),
  [STATUS.APROVADA_CELULA_AGUARDANDO]: [
    STATUS.RECUSADA_CELULA,
    STATUS.APROVADA,
    STATUS.RECUSADA_CELULA_TOWER,
  ],
  [STATUS.RECUSADA_CELULA]: [],
  [STATUS.APROVADA]: [STATUS.INSERIDA_BASE, STATUS.RECUSADA_XEROX],
  [STATUS.INSERIDA_BASE]: [],
  // The tower (energy) or Property Management (water) fixes it and it returns to the cell;
  // when nobody does, the cell reopens it or refuses it for good.
  [STATUS.RECUSADA_CELULA_TOWER]: [STATUS.EM_VALIDACAO_CELULA, STATUS.RECUSADA_CELULA],
  // Started by a regional or by Energy Efficiency: already validated, it goes to the cell.
  [STATUS.INICIADA_REGIONAL]: CELL_DECISIONS,
  [STATUS.INICIADA_ENERGY_EFFICIENCY]: CELL_DECISIONS,
  // Started by Property Management: its analysis comes first.
  [STATUS.INICIADA_PROPERTY]: [STATUS.RECUSADA_ANALISE, STATUS.APROVADO_ANALISE],
  // Refused by the provider: the cell corrects and decides again.
  [STATUS.RECUSADA_XEROX]: CELL_DECISIONS,
  [STATUS.RECUSADA_ANALISE]: [],
  [STATUS.APROVADO_ANALISE]: CELL_DECISIONS,
};

export const allowedNextStatuses = (current: RequestStatus): readonly RequestStatus[] => TRANSITIONS[current];

export const canTransition = (from: RequestStatus, to: RequestStatus): boolean =>
  TRANSITIONS[from].includes(to);

/** Statuses no edge leaves: the request's story is over. */
export const isFinalStatus = (status: RequestStatus): boolean => TRANSITIONS[status].length === 0;

/** A new request starts where its creator's role puts it (statuses 10, 12 and 13 name their creators). */
const INITIAL_BY_ROLE: Partial<Record<RoleKind, RequestStatus>> = {
  regional: STATUS.INICIADA_REGIONAL,
  energy_efficiency: STATUS.INICIADA_ENERGY_EFFICIENCY,
  property: STATUS.INICIADA_PROPERTY,
};

export const initialStatus = (papel: RoleKind): RequestStatus => INITIAL_BY_ROLE[papel] ?? STATUS.INICIADA;
