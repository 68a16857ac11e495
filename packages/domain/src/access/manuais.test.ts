import { describe, expect, it } from 'vitest';
import { GROUP, PROFILE, ROLE_KIND_KEYS, type Actor, type RoleKind } from './groups.ts';
import { guideAudience, menuFor } from './menu.ts';

const NO_FLAGS = { cadastro: false, cnpjs: false, relatorios: false, empresas: false, usuarios: false };
const actor = (papel: RoleKind, perfil: number = PROFILE.CADASTRO_UC): Actor => ({
  grupo: GROUP.SOLICITANTE,
  papel,
  perfil,
  permissoes: NO_FLAGS,
});
const guides = (a: Actor) =>
  menuFor(a)
    .filter((s) => s.key === 'ajuda')
    .flatMap((s) => s.items.map((i) => i.label));

describe('manuals and presentation decks in the menu, by group (spec part 1 §1)', () => {
  it('the cell, the provider and the administrator get the cell manual and the new-UC deck', () => {
    for (const a of [actor('celula'), actor('amee'), actor('solicitante', PROFILE.ADMINISTRADOR)]) {
      expect(guides(a)).toEqual(['Manual da Célula', 'Apresentação Nova UC']);
    }
  });

  it('the regionals and Energy Efficiency get the regional manual and deck', () => {
    for (const papel of ['regional', 'energy_efficiency'] as const) {
      expect(guides(actor(papel))).toEqual(['Manual da Regional', 'Apresentação Regional']);
    }
  });

  it('the companies, the tower and Property Management get the companies’ manual and deck', () => {
    for (const papel of ['solicitante', 'terceiros', 'tower', 'property', 'analise_property'] as const) {
      expect(guides(actor(papel))).toEqual(['Manual das Empresas', 'Apresentação Empresas']);
    }
  });

  it('every role kind gets exactly one manual and one deck, whatever its flags', () => {
    for (const papel of ROLE_KIND_KEYS) {
      expect(guides(actor(papel)), papel).toHaveLength(2);
      expect(['celula', 'regional', 'empresas']).toContain(guideAudience(actor(papel)));
    }
  });
});
