import { describe, expect, it } from 'vitest';
import {
  judgeReason,
  reasonInput,
  reasonRequired,
  reasonText,
  REASON_NOT_APPLICABLE,
  REASON_REQUIRED,
  REASON_TEXT_MAX,
  REASON_UNKNOWN,
  REFUSAL_MOVES,
  type CatalogueReason,
} from './refusal-reasons.ts';
import { TRANSITIONS } from './transitions.ts';

const entry = (over: Partial<CatalogueReason> = {}): CatalogueReason => ({
  id: 7,
  movimento: 'solicitacao.6',
  nome: 'Documento ilegível',
  ativo: true,
  ...over,
});

describe('Every refusal or return says why (issue 34 step 3)', () => {
  it('a move into 3, 6, 9, 14 or 15 needs a reason; approving, forwarding and keeping a status do not', () => {
    expect(reasonRequired('solicitacao', 0, 3)).toBe('solicitacao.3');
    expect(reasonRequired('solicitacao', 4, 6)).toBe('solicitacao.6');
    expect(reasonRequired('solicitacao', 4, 9)).toBe('solicitacao.9');
    expect(reasonRequired('solicitacao', 7, 14)).toBe('solicitacao.14');
    expect(reasonRequired('solicitacao', 13, 15)).toBe('solicitacao.15');
    expect(reasonRequired('solicitacao', 4, 7)).toBeNull();
    expect(reasonRequired('solicitacao', 9, 4)).toBeNull();
    expect(reasonRequired('solicitacao', 9, 9)).toBeNull();
  });

  it('every refusing target of the transition table has a catalogue move', () => {
    const targets = new Set(Object.values(TRANSITIONS).flat());
    const moves: string[] = REFUSAL_MOVES.map((m) => m.move);
    for (const to of [3, 6, 9, 14, 15]) {
      expect(targets.has(to as never)).toBe(true);
      expect(moves).toContain(reasonRequired('solicitacao', null, to));
    }
  });

  it('the regularization refusal (→ 5) and Não Aprovado after approval need a reason', () => {
    expect(reasonRequired('regularizacao', 2, 5)).toBe('regularizacao.5');
    expect(reasonRequired('regularizacao', 2, 3)).toBeNull();
    expect(reasonRequired('pos-aprovacao', null, 2)).toBe('pos-aprovacao.nao-aprovado');
    expect(reasonRequired('pos-aprovacao', null, 1)).toBeNull();
  });

  it('a refusing move without a reason is refused naming motivo_recusa_id', () => {
    expect(judgeReason('solicitacao.6', {}, undefined)).toEqual({
      ok: false,
      code: 422,
      field: 'motivo_recusa_id',
      msg: REASON_REQUIRED,
    });
  });

  it('a reason of another move, or a forged id, is refused with the same message', () => {
    const other = judgeReason(
      'solicitacao.6',
      { motivo_recusa_id: 7 },
      entry({ movimento: 'solicitacao.3' }),
    );
    const forged = judgeReason('solicitacao.6', { motivo_recusa_id: 999 }, undefined);
    expect(other).toEqual({ ok: false, code: 422, field: 'motivo_recusa_id', msg: REASON_UNKNOWN });
    expect(forged).toEqual(other);
  });

  it('an inactive reason is refused, naming it', () => {
    const verdict = judgeReason('solicitacao.6', { motivo_recusa_id: 7 }, entry({ ativo: false }));
    expect(verdict).toMatchObject({ ok: false, field: 'motivo_recusa_id' });
    expect(!verdict.ok && verdict.msg).toContain('Documento ilegível');
  });

  it('a reason sent with a move that is no refusal is refused, not silently stored', () => {
    expect(judgeReason(null, { motivo_recusa_id: 7 }, entry())).toMatchObject({
      ok: false,
      field: 'motivo_recusa_id',
      msg: REASON_NOT_APPLICABLE,
    });
    expect(judgeReason(null, { motivo_recusa_texto: 'x' }, undefined)).toMatchObject({
      ok: false,
      field: 'motivo_recusa_texto',
    });
    expect(judgeReason(null, { motivo_recusa_texto: '  ' }, undefined)).toEqual({ ok: true });
  });

  it('an active reason of the move is accepted, with or without detail', () => {
    expect(judgeReason('solicitacao.6', { motivo_recusa_id: 7 }, entry())).toEqual({ ok: true });
    expect(reasonText('Documento ilegível', ' página 2 ')).toBe('Documento ilegível: página 2');
    expect(reasonText('Documento ilegível', null)).toBe('Documento ilegível');
  });

  it('a detail over its length or a reason id of the wrong type is refused naming the field', () => {
    const long = reasonInput.safeParse({ motivo_recusa_texto: 'a'.repeat(REASON_TEXT_MAX + 1) });
    expect(long.success).toBe(false);
    expect(long.error?.issues[0]?.path).toEqual(['motivo_recusa_texto']);
    const wrong = reasonInput.safeParse({ motivo_recusa_id: 'abc' });
    expect(wrong.error?.issues[0]?.path).toEqual(['motivo_recusa_id']);
    expect(reasonInput.safeParse({ motivo_recusa_id: '7' }).data?.motivo_recusa_id).toBe(7);
  });
});
