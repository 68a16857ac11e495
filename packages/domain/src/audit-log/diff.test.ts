import { describe, expect, it } from 'vitest';
import { auditChanges } from './diff.ts';

const regional = {
  id: 3,
  regional: 'TLE',
  gestor: 'Ana',
  email_gestor: 'ana@tim.test',
  focal1: null,
  nome_focal1: null,
  cadastrado: '2025-01-02T10:00:00.000Z',
  version: 1,
};

describe('auditChanges: the before → after of one audit entry', () => {
  it('an edit shows only the fields that changed, with their pt-BR labels', () => {
    const changes = auditChanges({
      acao: 'editar',
      entidade: 'regional',
      antes: regional,
      depois: { ...regional, gestor: 'Bruno', focal1: 'focal@tim.test', version: 2 },
    });
    expect(changes).toEqual([
      { campo: 'gestor', label: 'Gestor', antes: 'Ana', depois: 'Bruno' },
      { campo: 'focal1', label: 'E-mail do Focal 1', antes: null, depois: 'focal@tim.test' },
    ]);
  });

  it('an edit that changed nothing shows nothing (version and timestamps are bookkeeping)', () => {
    expect(
      auditChanges({
        acao: 'editar',
        entidade: 'regional',
        antes: regional,
        depois: { ...regional, version: 2 },
      }),
    ).toEqual([]);
  });

  it('a creation shows every filled field from nothing; ids and empty fields are left out', () => {
    const changes = auditChanges({ acao: 'criar', entidade: 'regional', antes: null, depois: regional });
    expect(changes).toEqual([
      { campo: 'regional', label: 'Regional', antes: null, depois: 'TLE' },
      { campo: 'gestor', label: 'Gestor', antes: null, depois: 'Ana' },
      { campo: 'email_gestor', label: 'E-mail do Gestor', antes: null, depois: 'ana@tim.test' },
    ]);
  });

  it('a deletion shows every filled field going to nothing', () => {
    const changes = auditChanges({ acao: 'apagar', entidade: 'regional', antes: regional, depois: null });
    expect(changes.map((c) => [c.label, c.antes, c.depois])).toEqual([
      ['Regional', 'TLE', null],
      ['Gestor', 'Ana', null],
      ['E-mail do Gestor', 'ana@tim.test', null],
    ]);
  });

  it('a deactivation shows the active flag going from yes to no, not the whole record', () => {
    const company = { id: 4, razao_social: 'ACME', cnpj: '11222333000181', status: false, version: 3 };
    expect(auditChanges({ acao: 'desativar', entidade: 'empresa', antes: null, depois: company })).toEqual([
      { campo: 'status', label: 'Status', antes: 'Ativo', depois: 'Inativo' },
    ]);
    const user = { id: 9, name: 'Zé', id_status: false, version: 2 };
    expect(auditChanges({ acao: 'desativar', entidade: 'usuario', antes: null, depois: user })).toEqual([
      { campo: 'id_status', label: 'Ativo', antes: 'Sim', depois: 'Não' },
    ]);
  });

  it("a request's status reads as the form names it, and catalog codes as their labels", () => {
    const changes = auditChanges({
      acao: 'editar-solicitacao',
      entidade: 'solicitacao.agua.nova',
      antes: { status: 2, tipo_site: 1, unidade: 'UC1', endereco: 'Rua A' },
      depois: { status: 7, tipo_site: 7, arquivos: ['fatura'] },
    });
    expect(changes).toEqual([
      { campo: 'status', label: 'Status', antes: 'Aprovada Regional', depois: 'Aprovada Matrícula/RGI' },
      { campo: 'tipo_site', label: 'Tipo do Site', antes: 'ADM', depois: 'Loja' },
      { campo: 'arquivos', label: 'Anexos Enviados', antes: null, depois: 'Fatura' },
    ]);
  });

  it("a request's edit stores every field before and only the sent ones after: unsent fields are no change", () => {
    const changes = auditChanges({
      acao: 'editar-solicitacao',
      entidade: 'solicitacao.energia.nova',
      antes: { status: 1, unidade: 'UC1', bairro: 'Centro' },
      depois: { status: 1, bairro: 'Bela Vista', arquivos: [] },
    });
    expect(changes).toEqual([{ campo: 'bairro', label: 'Bairro', antes: 'Centro', depois: 'Bela Vista' }]);
  });

  it('regional and concessionaire ids read by the names the server looked up', () => {
    const changes = auditChanges(
      {
        acao: 'criar-solicitacao',
        entidade: 'solicitacao.energia.nova',
        antes: null,
        depois: {
          regional: 7,
          id_concessionaria: 12,
          data_ativacao: '2026-03-01',
          cnpj_solicitada: '48392015000179',
        },
      },
      { regionais: new Map([[7, 'TSP']]), concessionarias: new Map([[12, 'Enel Distribuição São Paulo']]) },
    );
    expect(changes.map((c) => c.depois)).toEqual([
      'TSP',
      'Enel Distribuição São Paulo',
      '01/03/2026',
      '48.392.015/0001-79',
    ]);
  });

  it("a user's group, profile and company read by name, once; the derived role kind is not repeated", () => {
    const before = {
      id: 5,
      name: 'Maria',
      id_grupo: 22845207,
      grupo_nome: 'Célula',
      papel: 'celula',
      id_perfil: 4,
      perfil_nome: 'Cadastro de UC',
      id_empresa: null,
      razao_social: null,
      trocar_senha: 1,
      version: 1,
    };
    const after = {
      ...before,
      id_grupo: 22890835,
      grupo_nome: 'Regional',
      papel: 'regional',
      id_perfil: 1,
      perfil_nome: 'Administrador',
      version: 2,
    };
    expect(auditChanges({ acao: 'editar', entidade: 'usuario', antes: before, depois: after })).toEqual([
      { campo: 'id_grupo', label: 'Grupo de Acesso', antes: 'Célula', depois: 'Regional' },
      { campo: 'id_perfil', label: 'Perfil', antes: 'Cadastro de UC', depois: 'Administrador' },
    ]);
  });

  it("the seed's camelCase record reads like the API's (idPerfil is Perfil)", () => {
    const changes = auditChanges({
      acao: 'criar',
      entidade: 'usuario',
      antes: null,
      depois: { name: 'Admin', email: 'a@b.c', idGrupo: 22845207, idPerfil: 1, trocarSenha: 0 },
    });
    expect(changes.map((c) => [c.label, c.depois])).toEqual([
      ['Nome', 'Admin'],
      ['E-mail', 'a@b.c'],
      ['Grupo de Acesso', '22845207'],
      ['Perfil', 'Administrador'],
      ['Troca de Senha Pendente', 'Sim'],
    ]);
  });

  it('never shows a password, hash or token, whatever the field is called, at any depth', () => {
    const changes = auditChanges({
      acao: 'editar',
      entidade: 'usuario',
      antes: {
        name: 'A',
        passwordHash: '$argon2id$v=19$m=19456$abc',
        token: 'tok-1',
        reset: { token_hash: 'x' },
      },
      depois: {
        name: 'B',
        password: 'segredo123',
        password_hash: 'h',
        senha: 's',
        apelido: '$argon2id$v=19$m=19456$def',
        reset: { token_hash: 'y', ok: true },
      },
    });
    const shown = JSON.stringify(changes);
    for (const secret of ['argon2', 'tok-1', 'segredo123', 'token', 'hash', 'senha"'])
      expect(shown).not.toContain(secret);
    expect(changes[0]).toEqual({ campo: 'name', label: 'Nome', antes: 'A', depois: 'B' });
  });

  it("after approval: the stage, the validation's result and the site's situation read by their names", () => {
    const changes = auditChanges({
      acao: 'pre-validar',
      entidade: 'solicitacao.energia.nova',
      antes: { status: 8, pos_etapa: 1 },
      depois: { status: 8, pos_etapa: 2, resultado: 1, responsavel: 'Rita', data_validacao: '2026-11-20' },
    });
    expect(changes).toEqual([
      {
        campo: 'pos_etapa',
        label: 'Etapa',
        antes: 'Aguardando Pré-Validação',
        depois: 'Aguardando Validação Final',
      },
      { campo: 'resultado', label: 'Resultado', antes: null, depois: 'Aprovado' },
      { campo: 'responsavel', label: 'Responsável', antes: null, depois: 'Rita' },
      { campo: 'data_validacao', label: 'Data da Validação', antes: null, depois: '20/11/2026' },
    ]);
    const [situation] = auditChanges({
      acao: 'acompanhar',
      entidade: 'solicitacao.energia.nova',
      antes: { pos_etapa: 3 },
      depois: { situacao: 2 },
    });
    expect(situation).toEqual({ campo: 'situacao', label: 'Situação', antes: null, depois: 'Ativa' });
  });

  it('a removed attachment names its slot and file', () => {
    expect(
      auditChanges({
        acao: 'apagar-arquivo',
        entidade: 'solicitacao.energia.nova',
        antes: { tipo: 'comprovante_pagamento', nome: 'recibo.pdf' },
        depois: null,
      }),
    ).toEqual([
      { campo: 'tipo', label: 'Anexo', antes: 'Comprovante de Pagamento', depois: null },
      { campo: 'nome', label: 'Arquivo', antes: 'recibo.pdf', depois: null },
    ]);
  });

  it('an entry with nothing recorded (a sign-in) shows no field', () => {
    expect(auditChanges({ acao: 'login', entidade: 'usuario', antes: null, depois: null })).toEqual([]);
    expect(auditChanges({ acao: 'login', entidade: 'usuario', antes: 'texto', depois: [1, 2] })).toEqual([]);
  });

  it('a very long value is cut with an ellipsis', () => {
    const [change] = auditChanges({
      acao: 'criar',
      entidade: 'x',
      antes: null,
      depois: { observacao: 'a'.repeat(900) },
    });
    expect(change!.depois!.length).toBe(500);
    expect(change!.depois!.endsWith('…')).toBe(true);
  });
});
