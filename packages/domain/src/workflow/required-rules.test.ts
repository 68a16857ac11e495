import { describe, expect, it } from 'vitest';
import type { RoleKind } from '../access/groups.ts';
import type { Flow, Kind } from '../catalogs/flow-kind.ts';
import type { RequestStatus } from '../catalogs/request-status.ts';
import { requestPolicy } from './request-policy.ts';

const required = (
  papel: RoleKind,
  currentStatus: RequestStatus | null,
  chosenStatus?: RequestStatus,
  flow: Flow = 'energia',
  kind: Kind = 'nova',
) => requestPolicy({ actor: { papel, perfil: 2 }, flow, kind, currentStatus, chosenStatus }).requiredFields;

const TARIFF = [
  'tipo_de_pagamento',
  'classe_tarifaria',
  'tensao_fornecimento',
  'mercado',
  'centro_custo',
  'conta_contabil',
  'data_ligacao',
];

describe('Regras ligadas ao status escolhido', () => {
  it('Regional ao escolher 3 torna a observação obrigatória', () => {
    expect(required('regional', 1, 3)).toContain('observacao');
    expect(required('regional', 1, 2)).not.toContain('observacao');
  });

  it('Regional ao escolher 3 deixa o Endereço ID opcional (o Site ID continua obrigatório)', () => {
    expect(required('regional', 0, 3)).toEqual(['site_id', 'observacao']);
  });

  it('Regional no status 0 ou 1: Endereço ID e Site ID obrigatórios', () => {
    expect(required('regional', 0, 1)).toEqual(['endereco_id', 'site_id']);
    expect(required('regional', 1, 2)).toEqual(['endereco_id', 'site_id']);
  });

  it('Célula ao escolher 7 torna o Tipo de Pagamento obrigatório (também na troca de água, que só tem esse campo do bloco)', () => {
    expect(required('celula', 5, 7)).toContain('tipo_de_pagamento');
    expect(required('celula', 2, 7, 'agua', 'troca')).toEqual(['tipo_de_pagamento']);
  });

  it.each([5, 7] as const)('Célula ao escolher %i exige os campos tarifários e de custo', (chosen) => {
    expect(required('celula', 4, chosen)).toEqual(expect.arrayContaining(TARIFF));
  });

  it.each([4, 6, 9] as const)(
    'Célula ao escolher %i deixa os campos tarifários e de custo opcionais',
    (chosen) => {
      const req = required('celula', 2, chosen);
      for (const f of TARIFF) expect(req, f).not.toContain(f);
    },
  );

  it('Na Nova Matrícula (água) os campos tarifários exigidos são só os que o formulário tem', () => {
    expect(required('celula', 2, 5, 'agua', 'nova')).toEqual([
      'tipo_de_pagamento',
      'classe_tarifaria',
      'centro_custo',
      'conta_contabil',
      'data_ligacao',
    ]);
  });

  it('Manter o status atual não é uma escolha: a Célula salvando em 5 sem mudar não precisa do bloco tarifário', () => {
    expect(required('celula', 5)).toEqual([]);
  });

  it('Property ao escolher 15 deixa Endereço ID, Site ID e Tipo de Loja opcionais', () => {
    expect(required('property', 13, 15)).toEqual([]);
  });

  it('Property ao escolher 16 mantém Endereço ID, Site ID e Tipo de Loja obrigatórios', () => {
    expect(required('property', 13, 16)).toEqual(['endereco_id', 'site_id', 'tipo_de_loja']);
  });
});

describe('Obrigatórios do cadastro', () => {
  it('campos obrigatórios da UC Nova (energia), Tipo de Loja só para quem o vê', () => {
    expect(required('terceiros', null)).toEqual([
      'endereco_id',
      'site_id',
      'regional',
      'uf',
      'municipio',
      'endereco',
      'numero',
      'bairro',
      'cnpj_solicitada',
      'id_concessionaria',
      'unidade',
      'numero_medidor',
      'id_tensao',
      'tipo_site',
    ]);
    expect(required('property', null)).toContain('tipo_de_loja');
  });

  it('Nova Matrícula (água) não tem Tipo de Tensão', () => {
    expect(required('terceiros', null, undefined, 'agua', 'nova')).not.toContain('id_tensao');
  });

  it('Troca de Titularidade - Água não exige Tipo do Site (o formulário do spec não o pede); a energia exige', () => {
    expect(required('solicitante', null, undefined, 'agua', 'troca')).not.toContain('tipo_site');
    expect(required('regional', null, undefined, 'agua', 'troca')).toContain('regional');
    expect(required('solicitante', null, undefined, 'energia', 'troca')).toContain('tipo_site');
  });

  it('Grupo Solicitante (23090483) não precisa de Endereço ID nem Site ID', () => {
    const req = required('solicitante', null);
    expect(req).not.toContain('endereco_id');
    expect(req).not.toContain('site_id');
    expect(req).toContain('unidade');
  });

  it('Troca: fatura, comprovante e autorização obrigatórios, a menos que já enviados', () => {
    const policy = (uploadedFiles: ('fatura' | 'autorizacao')[]) =>
      requestPolicy({
        actor: { papel: 'tower', perfil: 2 },
        flow: 'energia',
        kind: 'troca',
        currentStatus: 0,
        uploadedFiles,
      });
    expect(policy([]).requiredFiles).toEqual(['fatura', 'comprovante_pagamento', 'autorizacao']);
    expect(policy(['fatura', 'autorizacao']).requiredFiles).toEqual(['comprovante_pagamento']);
  });
});
