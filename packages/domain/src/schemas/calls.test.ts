import { describe, expect, it } from 'vitest';
import { REGIONAL_IDS } from '../catalogs/regionals.ts';
import {
  SELECT_ONE_REGIONAL,
  companySaveBody,
  regionaisForRole,
  regionalSaveBody,
  userSaveBody,
} from './admin.ts';
import { listQuery } from './list.ts';
import { deleteRequestFileBody, historyBody, validateAddressBody, validateUnitBody } from './lookups.ts';
import { regularizationSaveBody } from './regularization.ts';

describe('Chamadas de lista', () => {
  it('página 1 e 10 por página por padrão; ordem desc', () => {
    expect(listQuery.parse({})).toMatchObject({ page: 1, per_page: 10, order: 'desc' });
  });

  it('por página só 5, 10, 25 ou 50', () => {
    expect(listQuery.parse({ per_page: '25' }).per_page).toBe(25);
    expect(listQuery.safeParse({ per_page: 20 }).success).toBe(false);
  });

  it('busca rápida com menos de 2 caracteres não filtra', () => {
    expect(listQuery.parse({ q: 'a' }).q).toBeUndefined();
    expect(listQuery.parse({ q: ' ab ' }).q).toBe('ab');
  });

  it('status "Todos" não filtra; id_empresa do payload é ignorado', () => {
    const parsed = listQuery.parse({ status: 'Todos', id_empresa: 99 });
    expect(parsed.status).toBeUndefined();
    expect(parsed).not.toHaveProperty('id_empresa');
  });

  it('ordenação só por nome de coluna', () => {
    expect(listQuery.safeParse({ sort: 'data_pedido' }).success).toBe(true);
    expect(listQuery.safeParse({ sort: 'id; drop table' }).success).toBe(false);
  });
});

describe('Verificação de duplicidade, históricos e arquivos', () => {
  it('validar-unidade exige a unidade; validar-endereco exige o Endereço ID', () => {
    expect(validateUnitBody.safeParse({ unidade: '' }).error?.issues[0]?.message).toBe(
      'O campo Unidade é obrigatório.',
    );
    expect(validateAddressBody.parse({ endereco_id: ' E1 ' })).toEqual({ endereco_id: 'E1' });
  });

  it('historicos/status recebem id_unidade numérico', () => {
    expect(historyBody.parse({ id_unidade: '12' })).toEqual({ id_unidade: 12 });
    expect(historyBody.safeParse({ id_unidade: 'abc' }).success).toBe(false);
  });

  it('apagar-arquivos só aceita os tipos de anexo do formulário', () => {
    expect(deleteRequestFileBody.safeParse({ id: 1, tipo: 'complementar_tower' }).success).toBe(true);
    expect(deleteRequestFileBody.safeParse({ id: 1, tipo: '../etc/passwd' }).success).toBe(false);
  });
});

describe('Administração', () => {
  const user = {
    name: 'Ana',
    email: 'ana@example.com',
    id_empresa: 1,
    id_grupo: 22890835,
    id_perfil: 2,
    regionais: '1,3',
  };

  it('usuário: nome, e-mail, empresa e perfil obrigatórios; senha opcional', () => {
    const parsed = userSaveBody.parse({ ...user, password: '' });
    expect(parsed.password).toBeUndefined();
    expect(parsed.regionais).toEqual([1, 3]);
    expect(parsed.id_status).toBe(true);
    expect(userSaveBody.safeParse({ ...user, name: '' }).error?.issues[0]?.message).toBe(
      'O campo Nome é obrigatório.',
    );
    expect(userSaveBody.safeParse({ ...user, id_perfil: 5 }).success).toBe(false);
  });

  it('grupo Regional precisa de pelo menos uma regional: "Selecione pelo menos uma Regional"', () => {
    expect(regionaisForRole('regional', [])).toEqual({ ok: false, msg: SELECT_ONE_REGIONAL });
    expect(regionaisForRole('regional', [2, 2])).toEqual({ ok: true, regionais: [2] });
  });

  it('grupo Energy Efficiency é salvo com as sete regionais', () => {
    expect(regionaisForRole('energy_efficiency', [])).toEqual({ ok: true, regionais: REGIONAL_IDS });
  });

  it('regional: sigla, gestor e e-mail do gestor obrigatórios; focais opcionais', () => {
    expect(
      regionalSaveBody.safeParse({
        regional: 'TSP',
        gestor: 'Bia',
        email_gestor: 'bia@example.com',
        focal1: '',
      }).success,
    ).toBe(true);
    expect(
      regionalSaveBody.safeParse({ regional: 'TSP', gestor: 'Bia', email_gestor: 'x' }).error?.issues[0]
        ?.message,
    ).toBe('O campo E-mail do Gestor é inválido.');
  });

  it('empresa: todos os campos obrigatórios, CNPJ (também alfanumérico) validado', () => {
    const company = {
      razao_social: 'Torre SA',
      cnpj: '12.ABC.345/01DE-35',
      cidade: 'Recife',
      cep: '50000-000',
      email: 'a@b.com',
      telefone: '(81) 3333-4444',
    };
    expect(companySaveBody.parse(company)).toMatchObject({
      cnpj: '12ABC34501DE35',
      cep: '50000000',
      status: true,
    });
    expect(
      companySaveBody.safeParse({ ...company, cnpj: '12.ABC.345/01DE-36' }).error?.issues[0]?.message,
    ).toBe('CNPJ inválido');
    expect(companySaveBody.safeParse({ ...company, cidade: '' }).success).toBe(false);
  });
});

describe('Regularização', () => {
  it('CNPJ Correto inválido: "CNPJ Inválido"; razão social correta até 80', () => {
    expect(
      regularizationSaveBody.safeParse({ cnpj_correto: '11.222.333/0001-80' }).error?.issues[0]?.message,
    ).toBe('CNPJ Inválido');
    expect(regularizationSaveBody.safeParse({ razao_social_correta: 'x'.repeat(81) }).success).toBe(false);
    expect(regularizationSaveBody.parse({ status: '3', cnpj_correto: '' })).toMatchObject({
      status: 3,
      cnpj_correto: null,
    });
  });
});
