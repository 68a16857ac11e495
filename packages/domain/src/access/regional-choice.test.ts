import { describe, expect, it } from 'vitest';
import { REGIONALS } from '../catalogs/regionals.ts';
import { PROFILE } from './groups.ts';
import { mayChooseRegional, regionalChoices } from './regional-choice.ts';

const ROWS = REGIONALS.map((r) => ({ id: r.id, ufs: r.ufs }));
const regionalUser = { papel: 'regional', perfil: PROFILE.CADASTRO_UC, regionais: [7] } as const;
const requester = { papel: 'solicitante', perfil: PROFILE.CADASTRO_UC, regionais: [] } as const;
const ids = (rows: readonly { id: number }[]) => rows.map((r) => r.id);

describe('the regional field offers only the regionals the server accepts from the user (issue 34)', () => {
  it('a regional user may choose only the regionals it covers', () => {
    expect(mayChooseRegional(regionalUser, 7)).toBe(true);
    expect(mayChooseRegional(regionalUser, 5)).toBe(false);
    expect(mayChooseRegional({ ...regionalUser, perfil: PROFILE.ADMINISTRADOR }, 5)).toBe(true);
    expect(mayChooseRegional(requester, 5)).toBe(true);
  });

  it('a regional user is offered its own before the UF, and for a UF only its own that serve it', () => {
    expect(ids(regionalChoices(regionalUser, ROWS, ''))).toEqual([7]);
    expect(ids(regionalChoices(regionalUser, ROWS, 'SP'))).toEqual([7]);
    expect(ids(regionalChoices(regionalUser, ROWS, 'RJ'))).toEqual([]);
  });

  it('anyone else is offered, once the UF is chosen, the regionals that serve it', () => {
    expect(ids(regionalChoices(requester, ROWS, ''))).toEqual([]);
    expect(ids(regionalChoices(requester, ROWS, 'RJ'))).toEqual([5]);
  });
});
