import { describe, expect, it } from 'vitest';
import type { RoleKind } from '../access/groups.ts';
import { checkSave, type CheckSaveInput } from './check-save.ts';

const actor = (papel: RoleKind, perfil = 2) => ({ papel, perfil });

const FILLED = {
  endereco_id: 'END-1',
  site_id: 'SITE-1',
  regional: 1,
  uf: 'SP',
  municipio: 'São Paulo',
  endereco: 'Rua A',
  numero: '10',
  bairro: 'Centro',
  cnpj_solicitada: '11222333000181',
  id_concessionaria: 3,
  unidade: 'UC-1',
  numero_medidor: 'M-1',
  id_tensao: 1,
  tipo_site: 1,
};
const ALL_DOCS = ['fatura', 'comprovante_pagamento', 'autorizacao'];

const save = (input: Partial<CheckSaveInput> & Pick<CheckSaveInput, 'actor' | 'next'>) =>
  checkSave({ flow: 'energia', kind: 'troca', current: null, ...input });

describe('checkSave: quem pode salvar', () => {
  it('Perfil 3 (Consulta) recebe 403 "Seu perfil não permite salvar esta solicitação."', () => {
    expect(
      save({
        actor: actor('celula', 3),
        current: { status: 5, values: FILLED },
        next: { status: 5, values: {} },
      }),
    ).toEqual({
      ok: false,
      code: 403,
      msg: 'Seu perfil não permite salvar esta solicitação.',
    });
  });

  it('Tower ao criar recebe 403', () => {
    const verdict = save({ actor: actor('tower'), next: { status: 0, values: FILLED, files: ALL_DOCS } });
    expect(verdict).toMatchObject({
      ok: false,
      code: 403,
      msg: 'Seu grupo não pode cadastrar esta solicitação.',
    });
  });

  it('Regional no status 10 recebe 403 nomeando o status', () => {
    const verdict = save({
      actor: actor('regional'),
      current: { status: 10, values: FILLED },
      next: { status: 10, values: {} },
    });
    expect(verdict).toMatchObject({
      code: 403,
      msg: 'Seu grupo não pode alterar esta solicitação no status "Iniciado pela Regional".',
    });
  });

  it('Solicitante cria troca completa com os três documentos', () => {
    expect(
      save({ actor: actor('solicitante'), next: { status: 0, values: FILLED, files: ALL_DOCS } }),
    ).toEqual({ ok: true });
  });
});

describe('checkSave: status', () => {
  it('Xerox/AME não escolhe "Aprovada Troca" (403, status nomeado)', () => {
    const verdict = save({
      actor: actor('amee'),
      current: { status: 7, values: FILLED },
      next: { status: 6, values: {} },
    });
    expect(verdict).toEqual({
      ok: false,
      code: 403,
      status: 6,
      msg: 'Você não pode escolher o status "Recusada Célula".',
    });
  });

  it('Regional não escolhe "Inserida na Base Xerox/AME" (403)', () => {
    const verdict = save({
      actor: actor('regional'),
      current: { status: 1, values: FILLED },
      next: { status: 8, values: {} },
    });
    expect(verdict).toMatchObject({
      code: 403,
      msg: 'Você não pode escolher o status "Inserida na Base Xerox/AME".',
    });
  });

  it('Célula não pula de 1 (Em Validação Regional) para 7: transição proibida é 422', () => {
    const verdict = save({
      actor: actor('celula'),
      current: { status: 1, values: FILLED },
      next: { status: 7, values: {} },
    });
    expect(verdict).toMatchObject({
      code: 422,
      status: 7,
      msg: 'A solicitação não pode passar de "Em Validação Regional" para "Aprovada Troca".',
    });
  });

  it('Na criação o status é o inicial do criador: solicitante mandando 2 recebe 403', () => {
    const verdict = save({
      actor: actor('solicitante'),
      next: { status: 2, values: FILLED, files: ALL_DOCS },
    });
    expect(verdict).toMatchObject({ code: 403, status: 2 });
  });

  it('Tower no status 9 precisa devolver para a Célula: manter 9 é 422', () => {
    const current = { status: 9, values: FILLED, files: ALL_DOCS };
    expect(
      save({ actor: actor('tower'), current, next: { status: 9, values: { observacao: 'ok' } } }),
    ).toMatchObject({
      code: 422,
      msg: 'A solicitação não pode permanecer no status "Recusada Célula - Tower". Escolha o próximo status.',
    });
    expect(
      save({
        actor: actor('tower'),
        current,
        next: { status: 4, values: { observacao: 'corrigido' }, files: ['complementar_tower'] },
      }),
    ).toEqual({ ok: true });
  });

  it('status inexistente (11) é 422', () => {
    const verdict = save({
      actor: actor('celula'),
      current: { status: 2, values: FILLED },
      next: { status: 11, values: {} },
    });
    expect(verdict).toEqual({ ok: false, code: 422, status: 11, msg: 'O status 11 não existe.' });
  });

  it('registro guardado com status inexistente (11) é 422 e nada é salvo', () => {
    const verdict = save({
      actor: actor('celula'),
      current: { status: 11, values: FILLED },
      next: { status: 4, values: {} },
    });
    expect(verdict).toEqual({ ok: false, code: 422, status: 11, msg: 'O status atual 11 não existe.' });
  });
});

describe('checkSave: campos bloqueados', () => {
  it('Regional no status 2 não altera o Endereço ID (403 nomeando o campo)', () => {
    const verdict = save({
      actor: actor('regional'),
      current: { status: 2, values: FILLED },
      next: { status: 2, values: { endereco_id: 'OUTRO' } },
    });
    expect(verdict).toEqual({
      ok: false,
      code: 403,
      field: 'endereco_id',
      msg: 'O campo Endereço ID não pode ser alterado neste status.',
    });
  });

  it('reenviar o mesmo valor de um campo bloqueado não é alteração (número e texto iguais, espaços ignorados)', () => {
    const verdict = save({
      actor: actor('regional'),
      current: { status: 2, values: FILLED },
      next: { status: 2, values: { endereco_id: ' END-1 ', regional: '1', complemento: '' } },
    });
    expect(verdict).toEqual({ ok: true });
  });

  it('Regional no status 1 altera Endereço ID e Site ID', () => {
    const verdict = save({
      actor: actor('regional'),
      current: { status: 1, values: FILLED },
      next: { status: 2, values: { endereco_id: 'END-2', site_id: 'SITE-2' } },
    });
    expect(verdict).toEqual({ ok: true });
  });

  it('Solicitante não preenche o bloco da Célula ao criar', () => {
    const verdict = save({
      actor: actor('solicitante'),
      next: { status: 0, values: { ...FILLED, tipo_de_pagamento: 1 }, files: ALL_DOCS },
    });
    expect(verdict).toMatchObject({
      code: 403,
      field: 'tipo_de_pagamento',
      msg: 'O campo Tipo de Pagamento não pode ser preenchido por você.',
    });
  });

  it('Xerox/AME no status 7 escreve observação mas não altera o endereço', () => {
    const current = { status: 7, values: FILLED };
    expect(
      save({ actor: actor('amee'), current, next: { status: 8, values: { observacao: 'inserida' } } }),
    ).toEqual({ ok: true });
    expect(
      save({ actor: actor('amee'), current, next: { status: 8, values: { endereco: 'Rua B' } } }),
    ).toMatchObject({
      code: 403,
      field: 'endereco',
    });
  });

  it('Anexo Complementar enviado por quem não é Célula é 403', () => {
    const verdict = save({
      actor: actor('tower'),
      current: { status: 0, values: FILLED, files: ALL_DOCS },
      next: { status: 0, values: {}, files: ['complementar'] },
    });
    expect(verdict).toMatchObject({
      code: 403,
      field: 'complementar',
      msg: 'O arquivo Anexo Complementar não pode ser enviado neste status.',
    });
  });

  it('na água a mensagem usa o rótulo do formulário (Matrícula/RGI)', () => {
    const verdict = checkSave({
      actor: actor('regional'),
      flow: 'agua',
      kind: 'troca',
      current: { status: 1, values: FILLED },
      next: { status: 2, values: { unidade: 'OUTRA' } },
    });
    expect(verdict).toMatchObject({
      code: 403,
      msg: 'O campo Matrícula/RGI não pode ser alterado neste status.',
    });
  });
});

describe('checkSave: obrigatórios', () => {
  it('Célula ao escolher 7 sem Tipo de Pagamento recebe 422 "O campo Tipo de Pagamento é obrigatório."', () => {
    const verdict = save({
      actor: actor('celula'),
      current: { status: 5, values: FILLED },
      next: { status: 7, values: {} },
    });
    expect(verdict).toEqual({
      ok: false,
      code: 422,
      field: 'tipo_de_pagamento',
      msg: 'O campo Tipo de Pagamento é obrigatório.',
    });
  });

  it('Regional ao recusar (3) sem observação recebe 422', () => {
    const verdict = save({
      actor: actor('regional'),
      current: { status: 1, values: FILLED },
      next: { status: 3, values: { observacao: '  ' } },
    });
    expect(verdict).toMatchObject({
      code: 422,
      field: 'observacao',
      msg: 'O campo Observação é obrigatório.',
    });
  });

  it('apagar um obrigatório editável é 422', () => {
    const verdict = save({
      actor: actor('regional'),
      current: { status: 1, values: FILLED },
      next: { status: 2, values: { site_id: '' } },
    });
    expect(verdict).toMatchObject({ code: 422, field: 'site_id', msg: 'O campo Site ID é obrigatório.' });
  });

  it('Troca sem a autorização recebe 422 "O arquivo Autorização é obrigatório."', () => {
    const verdict = save({
      actor: actor('solicitante'),
      next: { status: 0, values: FILLED, files: ['fatura', 'comprovante_pagamento'] },
    });
    expect(verdict).toMatchObject({
      code: 422,
      field: 'autorizacao',
      msg: 'O arquivo Autorização é obrigatório.',
    });
  });

  it('documento já enviado não precisa ser reenviado', () => {
    const verdict = save({
      actor: actor('tower'),
      current: { status: 0, values: FILLED, files: ['fatura', 'autorizacao'] },
      next: { status: 0, values: { observacao: 'comprovante anexado' }, files: ['comprovante_pagamento'] },
    });
    expect(verdict).toEqual({ ok: true });
  });
});
