import { describe, expect, it } from 'vitest';
import { actorOf as actor, ALL_FLAGS } from '../test-support/actors.ts';
import { GROUP, PROFILE, ROLE_KIND_KEYS, type Actor, type Permissions, type RoleKind } from './groups.ts';
import { canSee, hidesHeader, menuFor, type MenuKey } from './menu.ts';

// The sidebar by group and profile (spec part 1 §6, part 2 §6). The server authorizes each screen's
// calls with the same rule (contracts/call.ts), so what is asserted here is also what the API allows.
const without = (flag: keyof Permissions) => ({ permissoes: { ...ALL_FLAGS, [flag]: false } });
const consulta = { perfil: PROFILE.CONSULTA };
const admin = { perfil: PROFILE.ADMINISTRADOR };
const seen = (a: Actor) =>
  menuFor(a)
    .flatMap((s) => s.items.map((i) => i.key))
    .filter((key, i, keys) => keys.indexOf(key) === i && !/^(manual|apresentacao)-/.test(key));
const whoSees = (key: MenuKey, actors: (p: RoleKind) => Actor) =>
  ROLE_KIND_KEYS.filter((p) => canSee(actors(p), key));

const ADMINISTRATION: MenuKey[] = ['empresas', 'regional', 'status', 'usuarios', 'grupo'];

describe('the administrator (profile 1)', () => {
  it('sees every screen, whatever the role kind of their group', () => {
    for (const papel of ROLE_KIND_KEYS) {
      expect(seen(actor(papel, admin))).toEqual([
        'dashboard',
        'uc-nova',
        'consolidacao',
        'troca-titularidade',
        'relatorios',
        'agua-relatorios',
        ...(papel === 'grupo_tim' ? [] : ['agua-nova']),
        ...(['grupo_tim', 'energy_efficiency', 'terceiros'].includes(papel) ? [] : ['agua-troca']),
        'agua-consolidacao',
        'conciliacao',
        'confirmacao-base',
        'pos-aprovacao',
        'de-para',
        'empresas',
        'regional',
        'usuarios',
        'grupo',
        'status',
        'logs',
        'fila-tarefas',
        'motivos-recusa',
      ]);
    }
  });

  it('is the only one who reads the audit trail and the queue’s failed tasks, and keeps the refusal reasons', () => {
    for (const key of ['logs', 'fila-tarefas', 'motivos-recusa'] as const) {
      expect(whoSees(key, (p) => actor(p))).toEqual([]);
      expect(whoSees(key, (p) => actor(p, admin))).toEqual(ROLE_KIND_KEYS);
    }
  });

  it('still needs the group’s flag for a flagged screen', () => {
    expect(canSee(actor('celula', { ...admin, ...without('cadastro') }), 'uc-nova')).toBe(false);
    expect(canSee(actor('celula', { ...admin, ...without('usuarios') }), 'usuarios')).toBe(false);
  });
});

describe('each permission flag opens its screens (Grupo de Acesso)', () => {
  it.each([
    ['cadastro', ['uc-nova', 'agua-nova', 'agua-troca']],
    ['cnpjs', ['consolidacao', 'troca-titularidade', 'agua-consolidacao']],
    ['relatorios', ['relatorios', 'agua-relatorios']],
    ['empresas', ['empresas', 'regional', 'status']],
    ['usuarios', ['usuarios', 'grupo']],
  ] as const)('without %s the cell loses %j and nothing else', (flag, screens) => {
    const all = seen(actor('celula'));
    expect(seen(actor('celula', without(flag)))).toEqual(
      all.filter((key) => !(screens as readonly string[]).includes(key)),
    );
  });
});

describe('Consulta (profile 3) is read-only: it administers nothing', () => {
  it('no administration, base keeping or confirmation, with every flag', () => {
    for (const papel of ROLE_KIND_KEYS) {
      for (const key of [...ADMINISTRATION, 'conciliacao', 'de-para', 'confirmacao-base'] as const) {
        expect(canSee(actor(papel, consulta), key), `${papel} ${key}`).toBe(false);
      }
    }
  });

  it('keeps the lists it reads: requests, regularization, reports, after approval', () => {
    expect(seen(actor('amee', consulta))).toEqual([
      'dashboard',
      'uc-nova',
      'consolidacao',
      'troca-titularidade',
      'relatorios',
      'agua-relatorios',
      'agua-nova',
      'agua-troca',
      'agua-consolidacao',
      'pos-aprovacao',
    ]);
  });
});

describe('regularization of CNPJ/company name (part 1 §6)', () => {
  it('the cell and the provider with the cnpjs flag, energy and water', () => {
    for (const key of ['consolidacao', 'agua-consolidacao'] as const) {
      expect(whoSees(key, (p) => actor(p))).toEqual(['amee', 'celula']);
      expect(whoSees(key, (p) => actor(p, without('cnpjs')))).toEqual([]);
    }
  });

  it('never the requester groups 23090483 and 23158875, even with a cell role kind or profile 1', () => {
    for (const grupo of [GROUP.SOLICITANTE, GROUP.RESTRITO]) {
      expect(canSee(actor('celula', { grupo }), 'consolidacao')).toBe(false);
      expect(canSee(actor('amee', { grupo, ...admin }), 'agua-consolidacao')).toBe(false);
    }
  });
});

describe('the provider’s base and the work after approval', () => {
  it('the provider and the cell keep the base (import, De-Para)', () => {
    for (const key of ['conciliacao', 'de-para'] as const) {
      expect(whoSees(key, (p) => actor(p))).toEqual(['amee', 'celula']);
    }
  });

  it('only the provider confirms requests into its base', () => {
    expect(whoSees('confirmacao-base', (p) => actor(p))).toEqual(['amee']);
  });

  it('only the provider has Pré-Validação, Validação Final and Acompanhamento; the cell does not', () => {
    expect(whoSees('pos-aprovacao', (p) => actor(p))).toEqual(['amee']);
    const section = menuFor(actor('amee')).find((s) => s.key === 'base-provedor');
    expect(section?.items.map((i) => [i.label, i.path])).toEqual([
      ['Conciliação da Base', '/conciliacao-da-base'],
      ['Confirmação na Base', '/confirmacao-base'],
      ['Pré-Validação', '/validacao-uc'],
      ['Validação Final', '/validacao-final-uc'],
      ['Acompanhamento', '/acompanhamento-uc-nova'],
      ['De-Para', '/de-para'],
    ]);
  });
});

describe('request forms', () => {
  it('the energy ownership change: the groups that start, review or settle one, with cnpjs', () => {
    expect(whoSees('troca-titularidade', (p) => actor(p))).toEqual([
      'amee',
      'celula',
      'regional',
      'tower',
      'terceiros',
      'solicitante',
    ]);
    expect(canSee(actor('grupo_tim', { grupo: GROUP.RESTRITO }), 'troca-titularidade')).toBe(true);
    expect(
      canSee(actor('grupo_tim', { grupo: GROUP.RESTRITO, ...without('cnpjs') }), 'troca-titularidade'),
    ).toBe(false);
  });

  it('water forms: who works water and who creates on each form, with the cadastro flag', () => {
    expect(whoSees('agua-nova', (p) => actor(p))).toEqual([
      'amee',
      'celula',
      'regional',
      'tower',
      'terceiros',
      'energy_efficiency',
      'property',
      'analise_property',
      'solicitante',
    ]);
    expect(whoSees('agua-troca', (p) => actor(p))).toEqual([
      'amee',
      'celula',
      'regional',
      'tower',
      'property',
      'analise_property',
      'solicitante',
    ]);
    expect(canSee(actor('grupo_tim', { grupo: GROUP.RESTRITO }), 'agua-troca')).toBe(true);
    expect(canSee(actor('grupo_tim', { grupo: GROUP.RESTRITO, ...without('cadastro') }), 'agua-nova')).toBe(
      false,
    );
  });

  it('the energy new unit: everyone with the cadastro flag', () => {
    expect(whoSees('uc-nova', (p) => actor(p))).toEqual(ROLE_KIND_KEYS);
    expect(whoSees('uc-nova', (p) => actor(p, without('cadastro')))).toEqual([]);
  });
});

describe('reports (part 1 §6, part 2 §2.10)', () => {
  it('the cell, the provider and the regionals with the relatórios flag, energy and water', () => {
    for (const key of ['relatorios', 'agua-relatorios'] as const) {
      expect(whoSees(key, (p) => actor(p))).toEqual(['amee', 'celula', 'regional']);
      expect(whoSees(key, (p) => actor(p, without('relatorios')))).toEqual([]);
    }
  });

  it('the reports section lists the six reports, named and routed as their definitions say', () => {
    const section = menuFor(actor('celula')).find((s) => s.key === 'relatorios');
    expect(section?.items.map((i) => [i.label, i.path])).toEqual([
      ['Relatório Regularização CNPJ/Razão Social', '/relatorios/regularizacao'],
      ['Relatório UC Nova', '/relatorios/novas-unidades'],
      ['Relatório Troca de Titularidade', '/relatorios/troca-unidades'],
      ['Relatório Regularização CNPJ/Razão Social (Água)', '/agua/relatorios/regularizacao'],
      ['Relatório Nova Matrícula', '/agua/relatorios/novas-unidades'],
      ['Relatório Troca de Titularidade (Água)', '/agua/relatorios/troca-unidades'],
    ]);
  });
});

describe('administration screens', () => {
  it('a regional reviewer administers companies and users, not regionals or status labels', () => {
    const regional = actor('regional', { grupo: GROUP.REGIONAL });
    expect(ADMINISTRATION.filter((key) => canSee(regional, key))).toEqual(['empresas', 'usuarios', 'grupo']);
    expect(ADMINISTRATION.filter((key) => canSee(actor('regional', admin), key))).toEqual(ADMINISTRATION);
  });

  it('other role kinds with the flags administer all five', () => {
    for (const papel of ROLE_KIND_KEYS.filter((p) => p !== 'regional')) {
      expect(
        ADMINISTRATION.filter((key) => canSee(actor(papel), key)),
        papel,
      ).toEqual(ADMINISTRATION);
    }
  });
});

describe('the menu as the user sees it', () => {
  it('drops empty sections and keeps the order of sections and entries', () => {
    const tower = actor('tower', { grupo: GROUP.TOWER, ...consulta });
    expect(menuFor(tower).map((s) => [s.label, s.items.map((i) => `${i.label} ${i.path}`)])).toEqual([
      ['Inicial', ['Inicial /dashboard']],
      ['Energia', ['UC Nova /cadastro-uc-nova', 'Troca de Titularidade /troca-titularidade']],
      [
        'Água',
        ['Nova Matrícula /agua/cadastro-uc-nova', 'Troca de Titularidade (Água) /agua/troca-titularidade'],
      ],
      ['Manuais', ['Manual das Empresas /manuais/empresas', 'Apresentação Empresas /apresentacoes/empresas']],
    ]);
  });

  it('the administration sections, as the administrator sees them', () => {
    const sections = menuFor(actor('celula', admin));
    const of = (key: string) => sections.find((s) => s.key === key)?.items.map((i) => `${i.label} ${i.path}`);
    expect(of('cadastro-auxiliar')).toEqual([
      'Empresas /empresas',
      'Regional /regional',
      'Concessionárias /concessionarias',
    ]);
    expect(of('gerenciar')).toEqual([
      'Usuários /usuarios',
      'Grupo de Acesso /grupo',
      'Status Energia /status/nova-unidade',
      'Status Água /status/regularizacao',
      'Logs de Ações /logs',
      'Fila de tarefas /fila-tarefas',
      'Motivos de Recusa /motivos-recusa',
    ]);
    expect(sections.map((s) => s.label)).toEqual([
      'Inicial',
      'Energia',
      'Relatórios',
      'Água',
      'Conciliação da Base',
      'Cadastro Auxiliar',
      'Gerenciar',
      'Manuais',
    ]);
  });

  it('group 22959227 works without the dashboard header; other groups have it', () => {
    expect(hidesHeader({ grupo: GROUP.TERCEIROS })).toBe(true);
    expect(hidesHeader({ grupo: GROUP.TOWER })).toBe(false);
    expect(hidesHeader({ grupo: GROUP.SOLICITANTE })).toBe(false);
  });
});
