import { describe, expect, it } from 'vitest';
import type { RoleKind } from '../access/groups.ts';
import type { RegularizationStatus } from '../catalogs/regularization.ts';
import {
  checkRegularizationSave,
  regularizationDeleteProblem,
  regularizationPolicy,
} from './regularization-policy.ts';

const policy = (
  papel: RoleKind,
  currentStatus: RegularizationStatus | null,
  chosenStatus?: RegularizationStatus,
  perfil = 2,
) => regularizationPolicy({ actor: { papel, perfil }, currentStatus, chosenStatus });

const ALL_FIELDS = [
  'razao_social_correta',
  'cnpj_correto',
  'data_pedido',
  'data_previsao',
  'nova_unidade',
  'observacao',
];

describe('Regularização (leitura A: tela de edição)', () => {
  it.each([0, 1, 2] as const)('Célula edita tudo no status %i', (status) => {
    const p = policy('celula', status);
    expect(p.canSave).toBe(true);
    expect(p.editableFields).toEqual(ALL_FIELDS);
    expect(p.editableFiles).toEqual(['solicitacao', 'resposta', 'anexo']);
  });

  it('Célula escolhe 1, 2, 3 ou 5 a partir de Divergente', () => {
    expect(policy('celula', 0).statusChoices).toEqual([0, 1, 2, 3, 5]);
    expect(policy('celula', 2).statusChoices).toEqual([2, 3, 5]);
  });

  it.each([3, 4, 5] as const)('Célula no status %i é somente leitura', (status) => {
    expect(policy('celula', status).canSave).toBe(false);
  });

  it.each([0, 2, 4] as const)('Xerox/AME no status %i só escreve observação', (status) => {
    const p = policy('amee', status);
    expect(p.editableFields).toEqual(['observacao']);
    expect(p.statusChoices).toEqual([status]);
  });

  it('Xerox/AME no status 3 (Aprovado Célula) também muda o status, só para 4', () => {
    expect(policy('amee', 3).statusChoices).toEqual([3, 4]);
  });

  it('Xerox/AME no status 1 e 5 é somente leitura', () => {
    expect(policy('amee', 1).canSave).toBe(false);
    expect(policy('amee', 5).canSave).toBe(false);
  });

  it('outros grupos e o perfil 3 são somente leitura', () => {
    expect(policy('regional', 0).canSave).toBe(false);
    expect(policy('celula', 0, undefined, 3).canSave).toBe(false);
  });

  it('escolher 3 torna obrigatórios os campos editáveis e a solicitação e a resposta da concessionária', () => {
    const p = policy('celula', 2, 3);
    expect(p.requiredFields).toEqual([
      'razao_social_correta',
      'cnpj_correto',
      'data_pedido',
      'data_previsao',
    ]);
    expect(p.requiredFiles).toEqual(['solicitacao', 'resposta']);
    expect(policy('celula', 2, 2).requiredFields).toEqual([]);
  });

  it('anexo já enviado não precisa ser reenviado ao aprovar', () => {
    const p = regularizationPolicy({
      actor: { papel: 'celula', perfil: 2 },
      currentStatus: 2,
      chosenStatus: 3,
      uploadedFiles: ['resposta'],
    });
    expect(p.requiredFiles).toEqual(['solicitacao']);
  });
});

describe('checkRegularizationSave', () => {
  const filled = {
    razao_social_correta: 'Empresa X',
    cnpj_correto: '11222333000181',
    data_pedido: '2026-01-10',
    data_previsao: '2026-02-10',
  };

  it('registro sem status é tratado como Divergente', () => {
    const verdict = checkRegularizationSave({
      actor: { papel: 'celula', perfil: 2 },
      current: { status: null, values: {} },
      next: { status: 1, values: { observacao: 'iniciado' } },
    });
    expect(verdict).toEqual({ ok: true });
  });

  it('Célula aprovando sem a resposta da concessionária recebe 422', () => {
    const verdict = checkRegularizationSave({
      actor: { papel: 'celula', perfil: 2 },
      current: { status: 2, values: filled, files: ['solicitacao'] },
      next: { status: 3, values: {} },
    });
    expect(verdict).toMatchObject({
      code: 422,
      field: 'resposta',
      msg: 'O arquivo Resposta da Concessionária é obrigatório.',
    });
  });

  it('Xerox/AME não altera a razão social correta (403)', () => {
    const verdict = checkRegularizationSave({
      actor: { papel: 'amee', perfil: 2 },
      current: { status: 3, values: filled },
      next: { status: 4, values: { razao_social_correta: 'Outra' } },
    });
    expect(verdict).toMatchObject({
      code: 403,
      field: 'razao_social_correta',
      msg: 'O campo Razão Social Correta não pode ser alterado neste status.',
    });
  });

  it('Xerox/AME não escolhe "Aprovado Célula" (403) e Célula não pula de 3 para 4 (403, não é escolha dela)', () => {
    expect(
      checkRegularizationSave({
        actor: { papel: 'amee', perfil: 2 },
        current: { status: 2, values: filled },
        next: { status: 3, values: {} },
      }),
    ).toMatchObject({ code: 403, msg: 'Você não pode escolher o status "Aprovado Célula".' });
    expect(
      checkRegularizationSave({
        actor: { papel: 'celula', perfil: 2 },
        current: { status: 2, values: filled },
        next: { status: 4, values: {} },
      }),
    ).toMatchObject({ code: 403 });
  });

  it('Célula não volta de Em Andamento para Processo Iniciado (422)', () => {
    const verdict = checkRegularizationSave({
      actor: { papel: 'celula', perfil: 2 },
      current: { status: 2, values: filled },
      next: { status: 1, values: {} },
    });
    expect(verdict).toMatchObject({
      code: 422,
      msg: 'A solicitação não pode passar de "Em Andamento" para "Processo Iniciado".',
    });
  });
});

describe('Regularização: quem cria e quem apaga', () => {
  it('só a Célula abre uma regularização; os demais recebem "Seu grupo não pode cadastrar esta solicitação."', () => {
    expect(policy('celula', null).canSave).toBe(true);
    expect(policy('amee', null)).toEqual({
      canSave: false,
      reason: 'Seu grupo não pode cadastrar esta solicitação.',
      statusChoices: [],
      editableFields: [],
      editableFiles: [],
      requiredFields: [],
      requiredFiles: [],
    });
  });

  it('somente leitura não oferece status, campos nem arquivos', () => {
    expect(policy('regional', 2)).toEqual({
      canSave: false,
      reason: 'Seu grupo não pode alterar esta solicitação no status "Em Andamento".',
      statusChoices: [],
      editableFields: [],
      editableFiles: [],
      requiredFields: [],
      requiredFiles: [],
    });
  });

  it('só uma divergência ainda não trabalhada é apagada, pela Célula ou por um Administrador', () => {
    const refused =
      'Só uma divergência ainda não trabalhada (Divergente) pode ser apagada, pela Célula ou por um Administrador.';
    expect(regularizationDeleteProblem({ papel: 'celula', perfil: 2 }, 0)).toBeNull();
    expect(regularizationDeleteProblem({ papel: 'celula', perfil: 2 }, null)).toBeNull();
    expect(regularizationDeleteProblem({ papel: 'amee', perfil: 1 }, 0)).toBeNull();
    expect(regularizationDeleteProblem({ papel: 'celula', perfil: 2 }, 1)).toBe(refused);
    expect(regularizationDeleteProblem({ papel: 'amee', perfil: 2 }, 0)).toBe(refused);
    expect(regularizationDeleteProblem({ papel: 'amee', perfil: 1 }, 3)).toBe(refused);
  });

  it('o perfil 3 (Consulta) não apaga nada', () => {
    expect(regularizationDeleteProblem({ papel: 'celula', perfil: 3 }, 0)).toBe(
      'Seu perfil não permite salvar esta solicitação.',
    );
  });
});
