import { describe, expect, it } from 'vitest';
import { ROLE_KIND_KEYS } from '../access/groups.ts';
import { ALL_FLOW_KINDS } from '../catalogs/flow-kind.ts';
import { REQUEST_STATUSES, STATUS } from '../catalogs/request-status.ts';
import { actionName, lockReason, mayKeepStatus, requestActions } from './actions.ts';
import { policyRole } from './audience.ts';
import { roleMoves } from './queue.ts';
import { requestPolicy } from './request-policy.ts';

const everyCase = ALL_FLOW_KINDS.flatMap(({ flow, kind }) =>
  ROLE_KIND_KEYS.flatMap((papel) =>
    REQUEST_STATUSES.map((currentStatus) => ({ actor: { papel, perfil: 2 }, flow, kind, currentStatus })),
  ),
);

describe('the action buttons of a record', () => {
  it('every move of every role, in every status and form, has a named action', () => {
    for (const input of everyCase) {
      const role = policyRole(input.actor.papel);
      for (const to of roleMoves(role, input.currentStatus, input.flow)) {
        expect(
          actionName(role, input.currentStatus, to, input.flow),
          `${role} ${input.currentStatus}→${to}`,
        ).not.toBeNull();
      }
    }
  });

  it('the buttons are exactly the moves requestPolicy offers, each requiring what requestPolicy requires for that choice', () => {
    for (const input of everyCase) {
      const policy = requestPolicy(input);
      const actions = requestActions(input);
      expect(actions.map((a) => a.status)).toEqual(
        policy.statusChoices.filter((s) => s !== input.currentStatus),
      );
      for (const action of actions) {
        const chosen = requestPolicy({ ...input, chosenStatus: action.status });
        expect(action.requiredFields).toEqual(chosen.requiredFields);
        expect(action.requiredFiles).toEqual(chosen.requiredFiles);
      }
    }
  });

  it('two buttons of one record never share a name', () => {
    for (const input of everyCase) {
      const labels = requestActions(input).map((a) => a.label);
      expect(new Set(labels).size, JSON.stringify(input)).toBe(labels.length);
    }
  });

  it('the cell approving asks for the tariff and cost fields and the payment type; refusing asks for none of them', () => {
    const input = {
      actor: { papel: 'celula' as const, perfil: 2 },
      flow: 'energia' as const,
      kind: 'nova' as const,
      currentStatus: STATUS.EM_VALIDACAO_CELULA,
    };
    const byLabel = Object.fromEntries(requestActions(input).map((a) => [a.label, a]));
    expect(Object.keys(byLabel)).toEqual([
      'Enviar para a concessionária',
      'Recusar',
      'Aprovar',
      'Devolver à Tower',
    ]);
    expect(byLabel['Aprovar']!.requiredFields).toEqual(
      expect.arrayContaining([
        'tipo_de_pagamento',
        'classe_tarifaria',
        'centro_custo',
        'conta_contabil',
        'data_ligacao',
      ]),
    );
    expect(byLabel['Recusar']!.requiredFields).toEqual([]);
  });

  it('the regional refusing must write an observation', () => {
    const actions = requestActions({
      actor: { papel: 'regional', perfil: 2 },
      flow: 'energia',
      kind: 'nova',
      currentStatus: STATUS.INICIADA,
    });
    expect(actions.map((a) => a.label)).toEqual(['Iniciar validação', 'Aprovar', 'Recusar']);
    expect(actions.find((a) => a.label === 'Recusar')!.requiredFields).toContain('observacao');
  });

  it('at 9 the tower only hands the request back ("Devolver à Célula") and cannot just save', () => {
    const input = {
      actor: { papel: 'tower' as const, perfil: 2 },
      flow: 'energia' as const,
      kind: 'troca' as const,
      currentStatus: STATUS.RECUSADA_CELULA_TOWER,
    };
    expect(requestActions(input).map((a) => a.label)).toEqual(['Devolver à Célula']);
    expect(mayKeepStatus(input)).toBe(false);
  });

  it('creating offers no action', () => {
    expect(
      requestActions({
        actor: { papel: 'solicitante', perfil: 2 },
        flow: 'energia',
        kind: 'nova',
        currentStatus: null,
      }),
    ).toEqual([]);
  });
});

describe('why a field is locked', () => {
  it('names who changes it in this status, or the policy reason when the user saves nothing', () => {
    const input = {
      actor: { papel: 'solicitante' as const, perfil: 2 },
      flow: 'energia' as const,
      kind: 'nova' as const,
      currentStatus: STATUS.INICIADA,
    };
    expect(lockReason(input, 'endereco_id')).toBe(requestPolicy(input).reason);
    const cell = {
      ...input,
      actor: { papel: 'celula' as const, perfil: 2 },
      currentStatus: STATUS.EM_VALIDACAO_CELULA,
    };
    expect(lockReason(cell, 'unidade')).toBe('Ninguém altera este campo neste status.');
    const regional = { ...input, actor: { papel: 'celula' as const, perfil: 2 } };
    expect(lockReason(regional, 'endereco_id')).toBe(
      'Seu grupo não pode alterar esta solicitação no status "Solicitação Iniciada".',
    );
    const amee = {
      ...input,
      actor: { papel: 'amee' as const, perfil: 2 },
      currentStatus: STATUS.INICIADA_PROPERTY,
    };
    expect(lockReason(amee, 'endereco_id')).toBe(
      'Neste status, só Célula ou Property Management altera este campo.',
    );
  });
});

describe('the name of each move', () => {
  it('at 9 the fixer hands the request back; the cell reopens it; elsewhere the cell puts it in validation', () => {
    expect(
      actionName('tower', STATUS.RECUSADA_CELULA_TOWER, STATUS.EM_VALIDACAO_CELULA, 'energia')?.label,
    ).toBe('Devolver à Célula');
    expect(
      actionName('property', STATUS.RECUSADA_CELULA_TOWER, STATUS.EM_VALIDACAO_CELULA, 'agua')?.label,
    ).toBe('Devolver à Célula');
    expect(
      actionName('celula', STATUS.RECUSADA_CELULA_TOWER, STATUS.EM_VALIDACAO_CELULA, 'energia')?.label,
    ).toBe('Reabrir na Célula');
    expect(actionName('tower', STATUS.APROVADA_REGIONAL, STATUS.EM_VALIDACAO_CELULA, 'energia')?.label).toBe(
      'Colocar em validação',
    );
  });

  it('the cell refusing to 9 returns the request to the tower on energy, to Property Management on water', () => {
    expect(actionName('celula', STATUS.EM_VALIDACAO_CELULA, STATUS.RECUSADA_CELULA_TOWER, 'energia')).toEqual(
      {
        label: 'Devolver à Tower',
        tone: 'refuse',
      },
    );
    expect(actionName('celula', STATUS.EM_VALIDACAO_CELULA, STATUS.RECUSADA_CELULA_TOWER, 'agua')).toEqual({
      label: 'Devolver ao Property',
      tone: 'refuse',
    });
  });

  it('a plain save is offered where the status may be kept, never while creating', () => {
    const cell = {
      actor: { papel: 'celula' as const, perfil: 2 },
      flow: 'energia' as const,
      kind: 'nova' as const,
    };
    expect(mayKeepStatus({ ...cell, currentStatus: STATUS.EM_VALIDACAO_CELULA })).toBe(true);
    expect(mayKeepStatus({ ...cell, currentStatus: null })).toBe(false);
  });

  it('while creating, a field the creator does not fill is filled later by whoever handles the request', () => {
    const creating = {
      actor: { papel: 'solicitante' as const, perfil: 2 },
      flow: 'energia' as const,
      kind: 'nova' as const,
      currentStatus: null,
    };
    expect(lockReason(creating, 'protocolo')).toBe('Preenchido depois, por quem trata a solicitação.');
  });
});
