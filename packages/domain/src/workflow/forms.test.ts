import { describe, expect, it } from 'vitest';
import { ROLE_KIND_KEYS, type RoleKind } from '../access/groups.ts';
import { duplicateTitle, editPathFor, formFieldLabel, mayCreate, requestForm } from './forms.ts';

const creators = (flow: 'energia' | 'agua', kind: 'nova' | 'troca') =>
  ROLE_KIND_KEYS.filter((k: RoleKind) => mayCreate(requestForm(flow, kind), k));

describe('Configuração dos quatro formulários', () => {
  it('botão "Cadastrar UC Nova" (energia) e "Cadastrar Nova Matrícula" (água): solicitantes, terceiros, regional, Energy Efficiency e Property', () => {
    expect(requestForm('energia', 'nova').createButton).toBe('Cadastrar UC Nova');
    expect(requestForm('agua', 'nova').createButton).toBe('Cadastrar Nova Matrícula');
    const expected = ['regional', 'terceiros', 'energy_efficiency', 'property', 'solicitante'];
    expect(creators('energia', 'nova')).toEqual(expected);
    expect(creators('agua', 'nova')).toEqual(expected);
  });

  it('botão "Cadastrar Troca de Titularidade": solicitantes na energia; regional e solicitantes na água', () => {
    expect(requestForm('energia', 'troca').createButton).toBe('Cadastrar Troca de Titularidade');
    expect(creators('energia', 'troca')).toEqual(['solicitante']);
    expect(creators('agua', 'troca')).toEqual(['regional', 'solicitante']);
  });

  it('o Tower não vê botão de cadastro: não pode enviar solicitações novas', () => {
    for (const [flow, kind] of [
      ['energia', 'nova'],
      ['energia', 'troca'],
      ['agua', 'nova'],
      ['agua', 'troca'],
    ] as const) {
      expect(mayCreate(requestForm(flow, kind), 'tower')).toBe(false);
    }
  });

  it('na água a unidade é "Matrícula/RGI" e o medidor é "Hidrômetro"', () => {
    expect(formFieldLabel(requestForm('agua', 'nova'), 'unidade')).toBe('Matrícula/RGI');
    expect(formFieldLabel(requestForm('agua', 'troca'), 'numero_medidor')).toBe('Hidrômetro');
    expect(formFieldLabel(requestForm('energia', 'nova'), 'numero_medidor')).toBe('Número do Medidor');
  });

  it('modal de duplicidade: "Cadastrar mesmo assim?" nas novas, "Solicitar Novo Cadastro" nas trocas', () => {
    expect(requestForm('energia', 'nova').duplicate.overrideButton).toBe('Cadastrar mesmo assim?');
    expect(requestForm('agua', 'nova').duplicate.overrideButton).toBe('Cadastrar mesmo assim?');
    expect(requestForm('energia', 'troca').duplicate.overrideButton).toBe('Solicitar Novo Cadastro');
    expect(requestForm('agua', 'troca').duplicate.overrideButton).toBe('Solicitar Novo Cadastro');
  });

  it('mensagens de CNPJ: "CNPJ/CPF inválido" nas novas; "CNPJ inválido" nas trocas', () => {
    expect(requestForm('energia', 'nova').taxId).toEqual({
      fieldError: 'CNPJ/CPF inválido',
      saveToast: 'CNPJ/CPF da UC Solicitada Inválido',
    });
    expect(requestForm('agua', 'troca').taxId).toEqual({
      fieldError: 'CNPJ inválido',
      saveToast: 'CNPJ da UC Solicitada Inválido',
    });
  });

  it('fatura, comprovante de pagamento e autorização são obrigatórios só nas trocas', () => {
    expect(requestForm('energia', 'troca').requiredFiles).toEqual([
      'fatura',
      'comprovante_pagamento',
      'autorizacao',
    ]);
    expect(requestForm('agua', 'troca').requiredFiles).toEqual([
      'fatura',
      'comprovante_pagamento',
      'autorizacao',
    ]);
    expect(requestForm('energia', 'nova').requiredFiles).toEqual([]);
  });

  it('rotas de lista e edição de cada formulário', () => {
    expect(requestForm('energia', 'nova').listPath).toBe('/cadastro-uc-nova');
    expect(editPathFor(requestForm('energia', 'troca'), 7)).toBe('/troca-titularidade/cadastro/7');
    expect(editPathFor(requestForm('agua', 'nova'), 3)).toBe('/agua/cadastro-uc-nova/nova/3');
    expect(requestForm('agua', 'troca').listPath).toBe('/agua/troca-titularidade');
  });
});

describe('duplicate modal titles (spec part 1 §5)', () => {
  it('the unit check keeps each form’s own titles', () => {
    const water = requestForm('agua', 'nova');
    expect(duplicateTitle(water, 'unidade', true)).toBe('Matrícula/RGI já Cadastrada no Workflow');
    expect(duplicateTitle(requestForm('energia', 'nova'), 'unidade', false)).toBe(
      'Unidade já Cadastrada na Base Xerox/AM Energia',
    );
  });

  it('the Endereço ID check has its own titles, naming the field', () => {
    const form = requestForm('energia', 'troca');
    expect(duplicateTitle(form, 'endereco_id', true)).toBe('Endereço ID já Cadastrado no Workflow');
    expect(duplicateTitle(form, 'endereco_id', false)).toBe(
      'Endereço ID já Cadastrado na Base Xerox/AM Energia',
    );
  });
});
