import { describe, expect, it } from 'vitest';
import { ROLE_KIND_KEYS, type RoleKind } from '../access/groups.ts';
import { ALL_FLOW_KINDS, type Flow, type Kind } from '../catalogs/flow-kind.ts';
import { REQUEST_STATUSES, statusLabel, type RequestStatus } from '../catalogs/request-status.ts';
import { requestPolicy } from './request-policy.ts';

/**
 * The editability matrix of spec part 1 §4 and part 2 §4.3, cell by cell, for the four forms.
 * Expectations are written out here, not derived from the policy tables, so a change to the
 * tables that breaks a spec rule fails a named cell.
 */
const IDS = ['endereco_id', 'site_id'];
const IDS_AND_STORE = [...IDS, 'tipo_de_loja'];
const TRACKING = ['data_ativacao', 'id_protocolo', 'protocolo'];
const CELL_BLOCK: Record<Flow, Record<Kind, string[]>> = {
  energia: {
    nova: [
      'tipo_de_pagamento',
      'classe_tarifaria',
      'subclasse_tarifaria',
      'modalidade_tarifaria',
      'tensao_fornecimento',
      'mercado',
      'centro_custo',
      'conta_contabil',
      'numero_agrupamento',
      'diretoria',
      'smp',
      'nova_uc',
      'unidade_nova',
      'data_ligacao',
    ],
    troca: [
      'tipo_de_pagamento',
      'classe_tarifaria',
      'subclasse_tarifaria',
      'modalidade_tarifaria',
      'tensao_fornecimento',
      'mercado',
      'centro_custo',
      'conta_contabil',
      'numero_agrupamento',
      'diretoria',
      'smp',
      'nova_uc',
      'unidade_nova',
      'data_ligacao',
    ],
  },
  agua: {
    nova: [
      'tipo_de_pagamento',
      'classe_tarifaria',
      'subclasse_tarifaria',
      'centro_custo',
      'conta_contabil',
      'unidade_nova',
      'data_ligacao',
    ],
    troca: ['tipo_de_pagamento', 'unidade_nova'],
  },
};
const HOLDER_DOCS = ['fatura', 'comprovante_pagamento', 'autorizacao'];

interface Cell {
  fields: string[];
  files?: string[];
  choices: RequestStatus[];
}
type Matrix = Partial<Record<RoleKind, Partial<Record<RequestStatus, Cell>>>>;

const obs = (...fields: string[]) => [...fields, 'observacao'];

function expectedMatrix(flow: Flow, kind: Kind): Matrix {
  const cellDeciding = (choices: RequestStatus[]): Cell => ({
    fields: obs(...TRACKING, ...CELL_BLOCK[flow][kind]),
    files: ['complementar'],
    choices,
  });
  const property: Partial<Record<RequestStatus, Cell>> = {
    13: { fields: obs(...IDS_AND_STORE), choices: [13, 15, 16] },
    14: { fields: obs(...IDS_AND_STORE), choices: [14] },
    // Water's 9 is 'Recusada Célula - Property': Property fixes and hands it back to the cell.
    ...(flow === 'agua' ? { 9: { fields: obs(...IDS_AND_STORE), choices: [4] } } : {}),
  };
  return {
    regional: {
      0: { fields: obs(...IDS), choices: [0, 1, 2, 3] },
      1: { fields: obs(...IDS), choices: [1, 2, 3] },
      2: { fields: obs(), choices: [2] },
    },
    celula: {
      1: { fields: obs(...CELL_BLOCK[flow][kind]), choices: [1] },
      3: { fields: obs(...CELL_BLOCK[flow][kind]), choices: [3] },
      2: cellDeciding([2, 4, 5, 6, 7, 9]),
      4: cellDeciding([4, 5, 6, 7, 9]),
      5: cellDeciding([5, 6, 7, 9]),
      10: cellDeciding([10, 4, 5, 6, 7, 9]),
      12: cellDeciding([12, 4, 5, 6, 7, 9]),
      14: cellDeciding([14, 4, 5, 6, 7, 9]),
      16: cellDeciding([16, 4, 5, 6, 7, 9]),
      13: { fields: obs(...IDS_AND_STORE), choices: [13] },
      // Nobody fixed what the cell refused at 9: it reopens (4) or refuses for good (6).
      9: { fields: obs(), choices: [9, 4, 6] },
    },
    tower: {
      0: { fields: obs(), files: kind === 'troca' ? HOLDER_DOCS : [], choices: [0] },
      9: { fields: obs(), files: ['complementar_tower'], choices: [4] },
    },
    amee: {
      7: { fields: obs(), choices: [7, 8, 14] },
      8: { fields: obs(), choices: [8] },
      13: { fields: obs(), choices: [13] },
    },
    property,
    analise_property: property,
  };
}

const sorted = (xs: readonly string[]) => [...xs].sort();

describe.each(ALL_FLOW_KINDS)('Matriz de edição $flow/$kind (perfil 2)', ({ flow, kind }) => {
  const matrix = expectedMatrix(flow, kind);
  const editable = ROLE_KIND_KEYS.flatMap((role) =>
    REQUEST_STATUSES.filter((status) => matrix[role]?.[status]).map((status) => ({ role, status })),
  );

  it.each(editable)('$role no status $status', ({ role, status }) => {
    const policy = requestPolicy({ actor: { papel: role, perfil: 2 }, flow, kind, currentStatus: status });
    const cell = matrix[role]![status]!;
    const where = `${role} em "${statusLabel(status, flow, kind)}"`;
    expect(policy.canSave, where).toBe(true);
    expect(sorted(policy.editableFields), where).toEqual(sorted(cell.fields));
    expect(sorted(policy.editableFiles), where).toEqual(sorted(cell.files ?? []));
    expect(policy.statusChoices, where).toEqual(cell.choices);
  });

  // Every cell the matrix leaves out: one test, listing each cell that is not read-only.
  it('todas as outras combinações de papel e status são somente leitura', () => {
    const writable = ROLE_KIND_KEYS.flatMap((role) =>
      REQUEST_STATUSES.filter((status) => !matrix[role]?.[status])
        .map((status) => ({
          role,
          status,
          policy: requestPolicy({ actor: { papel: role, perfil: 2 }, flow, kind, currentStatus: status }),
        }))
        .filter(
          ({ policy }) =>
            policy.canSave ||
            policy.statusChoices.length ||
            policy.editableFields.length ||
            policy.editableFiles.length,
        )
        .map(({ role, status }) => `${role} em "${statusLabel(status, flow, kind)}"`),
    );
    expect(writable).toEqual([]);
  });
});

describe('Perfil 3 (Consulta) é somente leitura em tudo', () => {
  it.each(ALL_FLOW_KINDS)(
    '$flow/$kind: nenhum papel, em nenhum status, salva com perfil 3',
    ({ flow, kind }) => {
      const saves = ROLE_KIND_KEYS.flatMap((role) =>
        [null, ...REQUEST_STATUSES]
          .map((status) => ({
            role,
            status,
            policy: requestPolicy({ actor: { papel: role, perfil: 3 }, flow, kind, currentStatus: status }),
          }))
          .filter(
            ({ policy }) =>
              policy.canSave ||
              policy.reason !== 'Seu perfil não permite salvar esta solicitação.' ||
              policy.statusChoices.length > 0,
          )
          .map(({ role, status }) => `${role} no status ${status}`),
      );
      expect(saves).toEqual([]);
    },
  );
});

describe('Cadastro de uma solicitação nova', () => {
  const cells = ALL_FLOW_KINDS.flatMap(({ flow, kind }) =>
    ROLE_KIND_KEYS.map((role) => ({ flow, kind, role })),
  );
  const CREATORS: Record<Kind, Record<Flow, RoleKind[]>> = {
    nova: {
      energia: ['solicitante', 'terceiros', 'regional', 'energy_efficiency', 'property'],
      agua: ['solicitante', 'terceiros', 'regional', 'energy_efficiency', 'property'],
    },
    troca: { energia: ['solicitante'], agua: ['regional', 'solicitante'] },
  };
  const INITIAL: Partial<Record<RoleKind, RequestStatus>> = {
    regional: 10,
    energy_efficiency: 12,
    property: 13,
  };

  it.each(cells)('$flow/$kind: $role', ({ flow, kind, role }) => {
    const policy = requestPolicy({ actor: { papel: role, perfil: 2 }, flow, kind, currentStatus: null });
    const creates = CREATORS[kind][flow].includes(role);
    expect(policy.canSave).toBe(creates);
    if (!creates) return;
    expect(policy.statusChoices).toEqual([INITIAL[role] ?? 0]);
    expect(policy.showStatusSelector).toBe(false);
    expect(policy.editableFields).toContain('unidade');
    expect(policy.editableFields).toContain('cnpj_solicitada');
    expect(policy.editableFields.includes('tipo_de_loja')).toBe(role === 'property');
    expect(policy.editableFields).not.toContain('tipo_de_pagamento');
    expect(sorted(policy.editableFiles)).toEqual(sorted(kind === 'troca' ? HOLDER_DOCS : []));
  });

  it('Tower não pode salvar ao criar (nem na energia nem na água)', () => {
    for (const { flow, kind } of ALL_FLOW_KINDS) {
      const policy = requestPolicy({ actor: { papel: 'tower', perfil: 2 }, flow, kind, currentStatus: null });
      expect(policy.canSave).toBe(false);
      expect(policy.reason).toBe('Seu grupo não pode cadastrar esta solicitação.');
    }
  });
});
