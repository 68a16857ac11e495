import { describe, expect, it } from 'vitest';
import { STATUS } from '../catalogs/request-status.ts';
import { actionableStatuses, nextActors, roleMoves } from './queue.ts';
import { requestPolicy } from './request-policy.ts';

describe('who acts next (read off the save policy)', () => {
  it('the regional acts on requests just started and in its validation', () => {
    expect(actionableStatuses('regional', 'energia')).toEqual([
      STATUS.INICIADA,
      STATUS.EM_VALIDACAO_REGIONAL,
    ]);
  });

  it('the provider acts on approved requests only', () => {
    expect(actionableStatuses('amee', 'energia')).toEqual([STATUS.APROVADA]);
  });

  it('a final status waits for nobody', () => {
    for (const status of [
      STATUS.RECUSADA_REGIONAL,
      STATUS.RECUSADA_CELULA,
      STATUS.INSERIDA_BASE,
      STATUS.RECUSADA_ANALISE,
    ]) {
      expect(nextActors(status, 'energia')).toEqual([]);
    }
  });

  it('a request refused to tower waits for tower (energy) and for Property Management (water), and the cell may reopen it', () => {
    expect(nextActors(STATUS.RECUSADA_CELULA_TOWER, 'energia')).toEqual(['celula', 'tower']);
    expect(nextActors(STATUS.RECUSADA_CELULA_TOWER, 'agua')).toEqual(['celula', 'tower', 'property']);
  });

  it('a role that may move a request in a status sees exactly those moves offered by the form', () => {
    for (const role of ['regional', 'celula', 'tower', 'amee', 'property'] as const) {
      for (const status of actionableStatuses(role, 'energia')) {
        const policy = requestPolicy({
          actor: { papel: role, perfil: 4 },
          flow: 'energia',
          kind: 'nova',
          currentStatus: status,
        });
        expect(policy.statusChoices.filter((s) => s !== status)).toEqual(roleMoves(role, status, 'energia'));
      }
    }
  });
});
