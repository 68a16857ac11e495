import { PROFILE, REGIONALS, type SessionUser } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { regionalOptions } from './useLocality.ts';

/** The rows GET /regionais answers on a new installation. */
const ROWS = REGIONALS.map((r) => ({ id: r.id, regional: r.sigla, ufs: [...r.ufs] }));
type Chooser = Pick<SessionUser, 'papel' | 'perfil' | 'regionais'>;
const requester: Chooser = { papel: 'solicitante', perfil: PROFILE.CADASTRO_UC, regionais: [] };
const regionalUser: Chooser = { papel: 'regional', perfil: PROFILE.CADASTRO_UC, regionais: [7] };
const labels = (uf: string, chosen = '', user = requester) =>
  regionalOptions(user, ROWS, uf, chosen).map((o) => o.label);

describe('the request form offers only the regionals that serve the chosen UF (issue 30)', () => {
  it('an RJ unit is offered TRJ only, an SP unit TSP only', () => {
    expect(labels('RJ')).toEqual(['TRJ - Rio de Janeiro']);
    expect(labels('SP')).toEqual(['TSP - São Paulo']);
  });

  it('before a UF is chosen no regional is offered', () => {
    expect(labels('')).toEqual([]);
  });

  it('a record whose stored regional does not serve its UF still shows it by name', () => {
    expect(labels('RJ', '7')).toEqual(['TRJ - Rio de Janeiro', 'TSP - São Paulo']);
  });

  it('a regional with no UFs is never offered', () => {
    expect(regionalOptions(requester, [{ id: 9, regional: 'TVZ', ufs: [] }], 'SP', '')).toEqual([]);
  });
});

describe('the regional role is offered only the regionals it covers (issue 34)', () => {
  it('before the UF, its own; for a UF it serves, its own; for another UF, none', () => {
    expect(labels('', '', regionalUser)).toEqual(['TSP - São Paulo']);
    expect(labels('SP', '', regionalUser)).toEqual(['TSP - São Paulo']);
    expect(labels('RJ', '', regionalUser)).toEqual([]);
  });
});
