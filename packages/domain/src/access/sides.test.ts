import { describe, expect, it } from 'vitest';
import { companySide, mayAdministerSide, ONLY_CELL_OTHER_SIDE, userSideProblem } from './sides.ts';

describe('sides: a user administrator outside the cell administers users only of its own side', () => {
  it("a company is the provider's only when every user in it is; empty or mixed, it is the telecom's", () => {
    expect(companySide(['amee'])).toBe('provedor');
    expect(companySide(['amee', 'celula'])).toBe('operadora');
    expect(companySide(['tower'])).toBe('operadora');
    expect(companySide([])).toBe('operadora');
  });

  it('the cell administers both sides; the provider and the telecom teams only their own', () => {
    expect(mayAdministerSide({ papel: 'celula' }, 'provedor')).toBe(true);
    expect(mayAdministerSide({ papel: 'amee' }, 'operadora')).toBe(false);
    expect(mayAdministerSide({ papel: 'amee' }, 'provedor')).toBe(true);
    expect(mayAdministerSide({ papel: 'grupo_tim' }, 'provedor')).toBe(false);
  });

  it('names the company or the group that is on the other side, before or after the save', () => {
    const provider = { papel: 'amee' as const };
    const own = { papel: 'amee', companySide: 'provedor' as const };
    expect(userSideProblem(provider, undefined, own)).toBeNull();
    expect(userSideProblem(provider, own, { ...own, companySide: 'operadora' })).toEqual({
      msg: ONLY_CELL_OTHER_SIDE,
      field: 'id_empresa',
    });
    expect(userSideProblem(provider, undefined, { ...own, papel: 'celula' })).toMatchObject({
      field: 'id_grupo',
    });
    expect(
      userSideProblem(provider, { papel: 'regional', companySide: 'operadora' }, undefined),
    ).not.toBeNull();
  });
});
