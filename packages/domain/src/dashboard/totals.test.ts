import { describe, expect, it } from 'vitest';
import { GROUP, PROFILE, type Actor, type Permissions } from '../access/groups.ts';
import { DASHBOARD, dashboardGroups } from './totals.ts';

// Dashboard counters (spec part 1 §2, §3): each card counts one status and links to that list.
const ALL_FLAGS: Permissions = {
  cadastro: true,
  cnpjs: true,
  relatorios: true,
  empresas: true,
  usuarios: true,
};

describe('the dashboard cards', () => {
  it('ownership changes: requested, approved by the regional and the cell, cancelled, inserted in the base', () => {
    const troca = DASHBOARD.find((g) => g.kind === 'troca')!;
    expect(troca.title).toBe('Troca de Titularidade');
    expect(troca.cards).toEqual([
      { total: 'total_solicitadas', label: 'Trocas Solicitadas', status: 0, path: '/troca-titularidade/0' },
      { total: 'total_ap_regional', label: 'Aprovadas Regional', status: 2, path: '/troca-titularidade/2' },
      { total: 'total_ap_ceular', label: 'Aprovadas Célula', status: 7, path: '/troca-titularidade/7' },
      { total: 'total_canceladas', label: 'Trocas Canceladas', status: 6, path: '/troca-titularidade/6' },
      { total: 'total_base', label: 'Inserida Xerox/AME', status: 8, path: '/troca-titularidade/8' },
    ]);
  });

  it('new units: the same steps, with their own totals; "Inserida Xerox/AME" counts and links 8, not 6', () => {
    const nova = DASHBOARD.find((g) => g.kind === 'nova')!;
    expect(nova.title).toBe('UC Nova');
    expect(nova.cards.map((c) => [c.total, c.label, c.path])).toEqual([
      ['total_solicitadas_nova', 'Novas UC Solicitadas', '/cadastro-uc-nova/0'],
      ['total_ap_regional_nova', 'Aprovadas Regional', '/cadastro-uc-nova/2'],
      ['total_ap_ceular_nova', 'Aprovadas Pela Célula', '/cadastro-uc-nova/7'],
      ['total_canceladas_nova', 'Canceladas', '/cadastro-uc-nova/6'],
      ['total_base_nova', 'Inserida Xerox/AME', '/cadastro-uc-nova/8'],
    ]);
  });

  it('a user is shown the groups of the energy forms in their menu only', () => {
    const actor = (changes: Partial<Actor>): Actor => ({
      grupo: GROUP.CELULA,
      papel: 'celula',
      perfil: PROFILE.CADASTRO_UC,
      permissoes: ALL_FLAGS,
      ...changes,
    });
    expect(dashboardGroups(actor({})).map((g) => g.kind)).toEqual(['troca', 'nova']);
    expect(dashboardGroups(actor({ permissoes: { ...ALL_FLAGS, cnpjs: false } })).map((g) => g.kind)).toEqual(
      ['nova'],
    );
    expect(
      dashboardGroups(actor({ papel: 'grupo_tim', permissoes: { ...ALL_FLAGS, cadastro: false } })),
    ).toEqual([]);
  });
});
