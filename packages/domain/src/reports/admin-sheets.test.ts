import { describe, expect, it } from 'vitest';
import { ADMIN_SHEETS, FLOW_LABELS, statusKindLabel } from './admin-sheets.ts';

// The exports of the administration lists ('Exportar' on /usuarios, /grupo, /regional, /empresas,
// /concessionarias, /status/…): the file, its columns and what each cell of a row holds.
const headers = (key: keyof typeof ADMIN_SHEETS) => ADMIN_SHEETS[key].columns.map((c) => c.header);
/** 12:00 UTC is 09:00 in Brasília: the sheets show the portal's wall clock. */
const CADASTRADO = '2026-03-05T12:00:00.000Z';

describe('users', () => {
  const user = {
    id: 7,
    name: 'Ana Souza',
    email: 'ana@empresa.com.br',
    id_empresa: 2,
    razao_social: 'Empresa SA',
    id_grupo: 22845207,
    grupo_nome: 'Célula',
    papel: 'celula' as const,
    id_perfil: 4,
    perfil_nome: 'Cadastro de UC',
    id_regional: null,
    regionais: [],
    id_status: true,
    trocar_senha: 0,
    telefone: '(11) 91234-5678',
    cnpj: '11222333000181',
    cadastrado: CADASTRADO,
    version: 3,
  };

  it('the file, sheet and columns', () => {
    expect([ADMIN_SHEETS.usuarios.fileName, ADMIN_SHEETS.usuarios.sheetName]).toEqual([
      'usuarios',
      'Usuários',
    ]);
    expect(headers('usuarios')).toEqual([
      'Nome',
      'E-mail',
      'Empresa',
      'CNPJ da Empresa',
      'Telefone',
      'Grupo de Acesso',
      'Perfil',
      'Status',
      'Cadastro',
    ]);
  });

  it('a row: names, not ids; Ativo/Inativo; the registration on Brasília’s clock; never the password state', () => {
    expect(ADMIN_SHEETS.usuarios.cells(user)).toEqual({
      name: 'Ana Souza',
      email: 'ana@empresa.com.br',
      empresa: 'Empresa SA',
      cnpj: '11222333000181',
      telefone: '(11) 91234-5678',
      grupo: 'Célula',
      perfil: 'Cadastro de UC',
      status: 'Ativo',
      cadastrado: '2026-03-05T09:00:00',
    });
    expect(ADMIN_SHEETS.usuarios.cells({ ...user, id_status: false }).status).toBe('Inativo');
  });
});

describe('access groups', () => {
  it('one Sim/Não column per permission flag, headed as the group screen names it', () => {
    expect(headers('grupos')).toEqual([
      'Grupo',
      'Papel',
      'Cadastro de unidades',
      'Troca de titularidade e regularização de CNPJ',
      'Relatórios',
      'Empresas, regionais e status',
      'Usuários e grupos de acesso',
    ]);
    const group = {
      id: 1,
      nome: 'Célula',
      papel: 'celula' as const,
      papel_nome: 'Célula Tim',
      cadastro: true,
      cnpjs: false,
      relatorios: true,
      empresas: false,
      usuarios: true,
      version: 1,
    };
    expect(ADMIN_SHEETS.grupos.cells(group)).toEqual({
      nome: 'Célula',
      papel: 'Célula Tim',
      cadastro: 'Sim',
      cnpjs: 'Não',
      relatorios: 'Sim',
      empresas: 'Não',
      usuarios: 'Sim',
    });
  });
});

describe('regionals', () => {
  it('the manager, four focal points with their names, the UFs served', () => {
    expect(headers('regionais')).toEqual([
      'Regional',
      'Gestor',
      'E-mail do Gestor',
      'Nome do Focal 1',
      'E-mail do Focal 1',
      'Nome do Focal 2',
      'E-mail do Focal 2',
      'Nome do Focal 3',
      'E-mail do Focal 3',
      'Nome do Focal 4',
      'E-mail do Focal 4',
      'UFs Atendidas',
      'Cadastro',
    ]);
    const regional = {
      id: 5,
      regional: 'TSP',
      gestor: 'Bia',
      email_gestor: 'bia@tim.com.br',
      focal1: 'f1@tim.com.br',
      nome_focal1: 'F1',
      focal2: null,
      nome_focal2: null,
      focal3: null,
      nome_focal3: null,
      focal4: null,
      nome_focal4: null,
      ufs: ['SP', 'MS'],
      cadastrado: CADASTRADO,
      version: 2,
    };
    const cells = ADMIN_SHEETS.regionais.cells(regional);
    expect(cells).toMatchObject({
      regional: 'TSP',
      focal1: 'f1@tim.com.br',
      ufs: 'SP, MS',
      cadastrado: '2026-03-05T09:00:00',
    });
    expect(Object.keys(cells).sort()).toEqual(ADMIN_SHEETS.regionais.columns.map((c) => c.key).sort());
  });
});

describe('companies, concessionaires and status labels', () => {
  it('a company: Ativa/Inativa, its CNPJ masked as a tax id', () => {
    expect(headers('empresas')).toEqual([
      'Razão Social',
      'CNPJ',
      'Cidade',
      'CEP',
      'E-mail',
      'Telefone',
      'Status',
      'Cadastro',
    ]);
    expect(ADMIN_SHEETS.empresas.columns.find((c) => c.key === 'cnpj')?.kind).toBe('taxId');
    const company = {
      id: 2,
      razao_social: 'Empresa SA',
      cnpj: '11222333000181',
      cidade: 'São Paulo',
      cep: '01310-100',
      email: null,
      telefone: null,
      status: false,
      cadastrado: CADASTRADO,
      version: 1,
    };
    expect(ADMIN_SHEETS.empresas.cells(company)).toEqual({
      razao_social: 'Empresa SA',
      cnpj: '11222333000181',
      cidade: 'São Paulo',
      cep: '01310-100',
      email: null,
      telefone: null,
      status: 'Inativa',
      cadastrado: '2026-03-05T09:00:00',
    });
    expect(ADMIN_SHEETS.empresas.cells({ ...company, status: true }).status).toBe('Ativa');
  });

  it('a concessionaire: its flow by name, its UFs, Sim/Não', () => {
    expect(headers('concessionarias')).toEqual(['Nome', 'Sigla', 'Fluxo', 'UF', 'Ativa']);
    const row = {
      id: 1,
      nome: 'Sabesp',
      sigla: 'SABESP',
      fluxo: 'agua' as const,
      ufs: ['SP'],
      ativo: true,
      version: 1,
    };
    expect(ADMIN_SHEETS.concessionarias.cells(row)).toEqual({
      nome: 'Sabesp',
      sigla: 'SABESP',
      fluxo: 'Água',
      ufs: 'SP',
      ativo: 'Sim',
    });
    expect(ADMIN_SHEETS.concessionarias.cells({ ...row, fluxo: 'energia', ativo: false })).toMatchObject({
      fluxo: 'Energia',
      ativo: 'Não',
    });
  });

  it('a status label: its flow and the list it belongs to by their names', () => {
    expect(headers('status-rotulos')).toEqual(['Fluxo', 'Tipo', 'Código', 'Rótulo']);
    const row = {
      fluxo: 'agua' as const,
      tipo: 'nova' as const,
      codigo: 7,
      rotulo: 'Aprovada Matrícula/RGI',
    };
    expect(ADMIN_SHEETS['status-rotulos'].cells(row as never)).toEqual({
      fluxo: 'Água',
      tipo: 'Nova Matrícula',
      codigo: 7,
      rotulo: 'Aprovada Matrícula/RGI',
    });
  });

  it('the status lists are named after their flow’s forms', () => {
    expect(FLOW_LABELS).toEqual({ energia: 'Energia', agua: 'Água' });
    expect(statusKindLabel('energia', 'nova')).toBe('UC Nova');
    expect(statusKindLabel('energia', 'troca')).toBe('Troca de Titularidade');
    expect(statusKindLabel('agua', 'regularizacao')).toBe('Regularização CNPJ/Razão Social (Água)');
    expect(statusKindLabel('energia', 'regularizacao')).toBe('Regularização CNPJ/Razão Social');
  });
});
