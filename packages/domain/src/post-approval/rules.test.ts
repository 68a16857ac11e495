import { describe, expect, it } from 'vitest';
import {
  ACTIVE_NEEDS_INVOICE,
  DEBIT_KEY_REQUIRED,
  finalValidationProblem,
  followUpProblem,
  NO_PAYMENT_TYPE,
  OBSERVATION_REQUIRED_WHEN_REFUSED,
  RECEIVED_BEFORE_ISSUED,
  validationObservationProblem,
} from './rules.ts';
import { daysWaiting, isValidationType } from './stages.ts';
import { todayInBrasilia } from './calendar.ts';

// 02:30 UTC on 1 March is still 28 February in Brasília (UTC-3).
const NOW = new Date('2026-03-01T02:30:00Z');

describe('post-approval rules (issue 14)', () => {
  it('the validation screens take tipo 1 or 2 only', () => {
    expect([1, 2].every(isValidationType)).toBe(true);
    expect([0, 3, '1', null].some(isValidationType)).toBe(false);
  });

  it('Não Aprovado requires the observation; Aprovado does not', () => {
    expect(validationObservationProblem(2, ' ')).toBe(OBSERVATION_REQUIRED_WHEN_REFUSED);
    expect(validationObservationProblem(2, 'Endereço errado')).toBeNull();
    expect(validationObservationProblem(1, null)).toBeNull();
  });

  it('approving the final validation needs a payment type, and the debit key for DA and DA-AGRUPADO', () => {
    expect(finalValidationProblem(null, { status: 1 })).toEqual({ field: 'status', msg: NO_PAYMENT_TYPE });
    expect(finalValidationProblem(2, { status: 1 })).toEqual({
      field: 'chave_debito',
      msg: DEBIT_KEY_REQUIRED,
    });
    expect(finalValidationProblem(4, { status: 1, chave_debito: ' ' })?.field).toBe('chave_debito');
    expect(finalValidationProblem(2, { status: 1, chave_debito: '0001-99' })).toBeNull();
    expect(finalValidationProblem(1, { status: 1 })).toBeNull();
    expect(finalValidationProblem(null, { status: 2 })).toBeNull();
  });

  it('first-invoice dates: none after today in Brasília, received no earlier than issued, Ativa needs the issue date', () => {
    expect(todayInBrasilia(NOW)).toBe('2026-02-28');
    expect(followUpProblem({ situacao: 1, data_primeira_fatura: '2026-03-01' }, NOW)?.field).toBe(
      'data_primeira_fatura',
    );
    expect(followUpProblem({ situacao: 1, data_primeira_fatura: '2026-02-28' }, NOW)).toBeNull();
    expect(followUpProblem({ situacao: 1, data_recebimento_fatura: '2026-03-01' }, NOW)?.field).toBe(
      'data_recebimento_fatura',
    );
    expect(
      followUpProblem(
        { situacao: 1, data_primeira_fatura: '2026-02-10', data_recebimento_fatura: '2026-02-09' },
        NOW,
      )?.msg,
    ).toBe(RECEIVED_BEFORE_ISSUED);
    expect(followUpProblem({ situacao: 2 }, NOW)?.msg).toBe(ACTIVE_NEEDS_INVOICE);
    expect(followUpProblem({ situacao: 2, data_primeira_fatura: '2026-02-01' }, NOW)).toBeNull();
  });

  it('days waiting are whole days, never negative', () => {
    expect(daysWaiting(new Date('2026-02-26T03:00:00Z'), NOW)).toBe(2);
    expect(daysWaiting(new Date('2026-03-02T00:00:00Z'), NOW)).toBe(0);
  });
});
