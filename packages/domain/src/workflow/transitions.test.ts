import { describe, expect, it } from 'vitest';
import { REQUEST_STATUSES, type RequestStatus } from '../catalogs/request-status.ts';
import { allowedNextStatuses, canTransition, initialStatus, isFinalStatus } from './transitions.ts';

/** Every status reachable from `from` by any number of moves. */
const reachable = (from: RequestStatus): Set<RequestStatus> => {
  const seen = new Set<RequestStatus>();
  const queue = [from];
  while (queue.length) {
    for (const next of allowedNextStatuses(queue.shift()!)) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
};

describe('Máquina de status', () => {
  it('nenhuma solicitação pula de 0 (Solicitação Iniciada) para 8 (Inserida na Base)', () => {
    expect(canTransition(0, 8)).toBe(false);
    expect(canTransition(0, 7)).toBe(false);
  });

  it('sequência do spec: iniciada → validação regional → aprovada regional → validação célula → aguardando concessionária → aprovada → inserida na base', () => {
    const path: RequestStatus[] = [0, 1, 2, 4, 5, 7, 8];
    for (let i = 1; i < path.length; i++)
      expect(canTransition(path[i - 1]!, path[i]!), `${path[i - 1]}→${path[i]}`).toBe(true);
  });

  it('só sai de 7 (Aprovada) para 8 (Inserida) ou 14 (Recusada Xerox/AME): só o que a célula aprovou chega à base', () => {
    expect(allowedNextStatuses(7)).toEqual([8, 14]);
    for (const s of REQUEST_STATUSES) if (s !== 7) expect(canTransition(s, 8), `${s}→8`).toBe(false);
  });

  it('recusa da Regional (3), da Célula (6), da Análise (15) e inserção na base (8) encerram a solicitação', () => {
    for (const s of [3, 6, 8, 15] as const) expect(isFinalStatus(s), String(s)).toBe(true);
  });

  it('9 (Recusada Célula - Tower/Property): corrigida, volta para a Célula (4); sem correção, a Célula pode encerrar (6)', () => {
    expect(allowedNextStatuses(9)).toEqual([4, 6]);
  });

  it('13 (Iniciado por Property Management) passa pela análise: 15 recusa, 16 aprova e segue para a Célula', () => {
    expect(allowedNextStatuses(13)).toEqual([15, 16]);
    expect(canTransition(16, 7)).toBe(true);
  });

  it('14 (Recusada Xerox/AME) volta para a decisão da Célula', () => {
    expect(canTransition(14, 7)).toBe(true);
    expect(canTransition(14, 8)).toBe(false);
  });

  it('toda solicitação iniciada (0, 10, 12, 13) ainda pode chegar a 8 (Inserida na Base)', () => {
    for (const s of [0, 10, 12, 13] as const) expect(reachable(s).has(8), String(s)).toBe(true);
  });

  it('nada volta a um status de início (0, 10, 12, 13)', () => {
    for (const s of REQUEST_STATUSES)
      for (const start of [0, 10, 12, 13] as const) expect(canTransition(s, start)).toBe(false);
  });
});

describe('Status inicial conforme quem cria', () => {
  it('solicitante, terceiros e demais começam em 0', () => {
    expect(initialStatus('solicitante')).toBe(0);
    expect(initialStatus('terceiros')).toBe(0);
    expect(initialStatus('tower')).toBe(0);
  });

  it('Regional começa em 10, Energy Efficiency em 12, Property Management em 13', () => {
    expect(initialStatus('regional')).toBe(10);
    expect(initialStatus('energy_efficiency')).toBe(12);
    expect(initialStatus('property')).toBe(13);
  });
});
