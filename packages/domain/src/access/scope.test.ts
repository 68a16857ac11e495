import { describe, expect, it } from 'vitest';
import { PROFILE, ROLE_KIND_KEYS } from './groups.ts';
import { recordScope } from './scope.ts';

// Which requests a user may read (GUIDE §3): scope comes from the session, never from the payload.
describe('record scope by role kind', () => {
  it('the central teams read every request', () => {
    for (const papel of [
      'amee',
      'celula',
      'grupo_tim',
      'energy_efficiency',
      'property',
      'analise_property',
    ] as const) {
      expect(recordScope({ papel, perfil: PROFILE.CADASTRO_UC }), papel).toBe('all');
    }
  });

  it('a regional reads the regionals it covers', () => {
    expect(recordScope({ papel: 'regional', perfil: PROFILE.CADASTRO_UC })).toBe('regional');
    expect(recordScope({ papel: 'regional', perfil: PROFILE.CONSULTA })).toBe('regional');
  });

  it('the tower, third parties and requesters read only their own company’s requests', () => {
    for (const papel of ['tower', 'terceiros', 'solicitante'] as const) {
      expect(recordScope({ papel, perfil: PROFILE.CADASTRO_UC }), papel).toBe('empresa');
      expect(recordScope({ papel, perfil: PROFILE.CONSULTA }), papel).toBe('empresa');
    }
  });

  it('profile 1 reads every request, whatever its group', () => {
    for (const papel of ROLE_KIND_KEYS) {
      expect(recordScope({ papel, perfil: PROFILE.ADMINISTRADOR }), papel).toBe('all');
    }
  });
});
