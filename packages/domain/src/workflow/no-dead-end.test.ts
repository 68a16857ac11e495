import { describe, expect, it } from 'vitest';
import { GROUP, PROFILE, ROLE_KIND_KEYS, type Actor, type RoleKind } from '../access/groups.ts';
import { creationProblem, formAccessProblem } from '../access/request-access.ts';
import { recordScope } from '../access/scope.ts';
import { ALL_FLOW_KINDS, type Flow, type Kind } from '../catalogs/flow-kind.ts';
import { statusLabel, type RequestStatus } from '../catalogs/request-status.ts';
import { requestForm } from './forms.ts';
import { requestPolicy } from './request-policy.ts';
import { allowedNextStatuses, initialStatus, isFinalStatus } from './transitions.ts';

/**
 * GUIDE §7: every non-final status can be left by someone, for every kind of creator.
 * Walks the domain's own tables (forms, transitions, grants, scope, menu), so a table edit
 * that strands a request fails here.
 */

const ALL_FLAGS = { cadastro: true, cnpjs: true, relatorios: true, empresas: true, usuarios: true };
const GROUP_OF_KIND: Record<RoleKind, number> = {
  amee: GROUP.AMEE,
  celula: GROUP.CELULA,
  regional: GROUP.REGIONAL,
  tower: GROUP.TOWER,
  terceiros: GROUP.TERCEIROS,
  grupo_tim: GROUP.RESTRITO,
  energy_efficiency: GROUP.ENERGY_EFFICIENCY,
  property: GROUP.PROPERTY,
  analise_property: GROUP.ANALISE_PROPERTY,
  solicitante: GROUP.SOLICITANTE,
};
const actorOf = (papel: RoleKind): Actor => ({
  grupo: GROUP_OF_KIND[papel],
  papel,
  perfil: PROFILE.TROCA_CONSULTA,
  permissoes: ALL_FLAGS,
});

/**
 * Whether a user of this role is sure to find the creator's record in their scope: central teams
 * see every record, regional reviewers the records of their regional (every regional has them);
 * a company-scoped role only when it is the creator's own role — a tower user of the creator's
 * company may not exist.
 */
const seesRecordOf = (role: RoleKind, creator: RoleKind): boolean => {
  const scope = recordScope({ papel: role, perfil: PROFILE.TROCA_CONSULTA });
  return scope !== 'empresa' || role === creator;
};

const reachableFrom = (start: RequestStatus): RequestStatus[] => {
  const seen = new Set<RequestStatus>([start]);
  const queue = [start];
  while (queue.length) {
    for (const next of allowedNextStatuses(queue.shift()!)) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return [...seen];
};

/** The roles that may open the form, see the record and move it out of this status. */
const whoMoves = (flow: Flow, kind: Kind, creator: RoleKind, status: RequestStatus): RoleKind[] =>
  ROLE_KIND_KEYS.filter((role) => {
    if (!seesRecordOf(role, creator) || formAccessProblem(actorOf(role), flow, kind)) return false;
    const policy = requestPolicy({ actor: actorOf(role), flow, kind, currentStatus: status });
    return policy.canSave && policy.statusChoices.some((choice) => choice !== status);
  });

const cases = ALL_FLOW_KINDS.flatMap(({ flow, kind }) =>
  requestForm(flow, kind).creators.flatMap((creator) =>
    reachableFrom(initialStatus(creator))
      .filter((status) => !isFinalStatus(status))
      .map((status) => ({ flow, kind, creator, status })),
  ),
);

describe('Nenhuma solicitação fica parada: todo status não final tem quem o mova', () => {
  it.each(cases)('$flow/$kind criada por $creator, no status $status', ({ flow, kind, creator, status }) => {
    const movers = whoMoves(flow, kind, creator, status);
    expect(movers, `ninguém move "${statusLabel(status, flow, kind)}"`).not.toEqual([]);
  });

  it('todo criador de um formulário chega a ele pelo menu e pode cadastrar', () => {
    for (const { flow, kind } of ALL_FLOW_KINDS)
      for (const creator of requestForm(flow, kind).creators)
        expect(creationProblem(actorOf(creator), flow, kind), `${flow}/${kind}: ${creator}`).toBeNull();
  });
});

describe('Quem age no status 9', () => {
  const movesAt9 = (flow: Flow, kind: Kind, role: RoleKind) =>
    requestPolicy({ actor: actorOf(role), flow, kind, currentStatus: 9 }).statusChoices;

  it('água, "Recusada Célula - Property": Property Management corrige e devolve para a Célula (4)', () => {
    for (const kind of ['nova', 'troca'] as const) {
      expect(formAccessProblem(actorOf('property'), 'agua', kind)).toBeNull();
      expect(movesAt9('agua', kind, 'property')).toEqual([4]);
      expect(movesAt9('agua', kind, 'analise_property')).toEqual([4]);
    }
  });

  it('energia: Property Management não age no 9 (o Tower corrige)', () => {
    expect(movesAt9('energia', 'nova', 'property')).toEqual([]);
    expect(movesAt9('energia', 'nova', 'tower')).toEqual([4]);
  });

  it('a Célula, que recusou, pode reabrir (4) ou encerrar (6) quando ninguém corrige', () => {
    for (const { flow, kind } of ALL_FLOW_KINDS) expect(movesAt9(flow, kind, 'celula')).toEqual([9, 4, 6]);
  });
});
