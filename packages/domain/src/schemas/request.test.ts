import { describe, expect, it } from 'vitest';
import { requestSaveSchema } from './request.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('Payload de salvar solicitação', () => {
  // Built in each test (the schema is built on first use): a change to the rule must reach the test.
  const energyNew = () => requestSaveSchema('energia', 'nova');

  it('textos são aparados e vazio vira null', () => {
    const data = energyNew().parse({ endereco: '  Rua A  ', complemento: '   ' }) as Record<string, unknown>;
    expect(data.endereco).toBe('Rua A');
    expect(data.complemento).toBeNull();
  });

  it('Endereço ID acima de 12 caracteres: mensagem nomeia o campo', () => {
    expect(firstMessage(energyNew().safeParse({ endereco_id: '1234567890123' }))).toBe(
      'O campo Endereço ID pode ter no máximo 12 caracteres.',
    );
  });

  it.each([
    ['endereco', 40],
    ['numero', 20],
    ['bairro', 30],
    ['complemento', 20],
    ['unidade', 20],
    ['numero_medidor', 12],
    ['centro_custo', 10],
    ['conta_contabil', 10],
    ['numero_agrupamento', 20],
    ['smp', 20],
    ['unidade_nova', 20],
    ['municipio', 40],
  ])('máximo de %s é %i', (field, max) => {
    expect(energyNew().safeParse({ [field]: 'x'.repeat(max) }).success).toBe(true);
    expect(energyNew().safeParse({ [field]: 'x'.repeat(max + 1) }).success).toBe(false);
  });

  it('CNPJ/CPF da UC Solicitada: CNPJ alfanumérico aceito e guardado sem máscara', () => {
    const data = energyNew().parse({ cnpj_solicitada: '12.abc.345/01de-35' }) as Record<string, unknown>;
    expect(data.cnpj_solicitada).toBe('12ABC34501DE35');
  });

  it('CNPJ/CPF inválido: "CNPJ/CPF inválido" na UC Nova, "CNPJ inválido" na troca', () => {
    expect(firstMessage(energyNew().safeParse({ cnpj_solicitada: '11.222.333/0001-80' }))).toBe(
      'CNPJ/CPF inválido',
    );
    expect(firstMessage(requestSaveSchema('agua', 'troca').safeParse({ cnpj_solicitada: '123' }))).toBe(
      'CNPJ inválido',
    );
  });

  it('CEP com 8 dígitos é guardado sem hífen; com 7 é recusado', () => {
    expect((energyNew().parse({ cep: '01310-100' }) as Record<string, unknown>).cep).toBe('01310100');
    expect(firstMessage(energyNew().safeParse({ cep: '0131010' }))).toBe('O CEP deve ter 8 dígitos.');
  });

  it('códigos fora do catálogo são recusados com o nome do campo', () => {
    expect(firstMessage(energyNew().safeParse({ classe_tarifaria: 8 }))).toBe(
      'O campo Classe Tarifária é inválido.',
    );
    expect(energyNew().safeParse({ subclasse_tarifaria: '40' }).success).toBe(true);
    expect(energyNew().safeParse({ subclasse_tarifaria: 41 }).success).toBe(false);
    expect(energyNew().safeParse({ modalidade_tarifaria: 'ba' }).success).toBe(true);
    expect(energyNew().safeParse({ diretoria: 'XYZ' }).success).toBe(false);
  });

  it('Nova Matrícula aceita só os tipos de site 1, 7, 3, 4 e 6', () => {
    const water = requestSaveSchema('agua', 'nova');
    expect(water.safeParse({ tipo_site: 7 }).success).toBe(true);
    expect(firstMessage(water.safeParse({ tipo_site: 2 }))).toBe('O campo Tipo do Site é inválido.');
  });

  it('UF precisa ser uma das 27; minúsculas aceitas', () => {
    expect((energyNew().parse({ uf: 'sp' }) as Record<string, unknown>).uf).toBe('SP');
    expect(energyNew().safeParse({ uf: 'XX' }).success).toBe(false);
  });

  it('datas no formato AAAA-MM-DD e existentes', () => {
    expect(energyNew().safeParse({ data_ligacao: '2026-02-28' }).success).toBe(true);
    expect(firstMessage(energyNew().safeParse({ data_ligacao: '2026-02-30' }))).toBe(
      'O campo Data de Ligação deve ser uma data válida (AAAA-MM-DD).',
    );
  });

  it('campos que o servidor deriva (cnpj_tim, id_empresa) são descartados', () => {
    const data = energyNew().parse({ cnpj_tim: '1', id_empresa: 9, unidade: 'U' }) as Record<string, unknown>;
    expect(data).not.toHaveProperty('cnpj_tim');
    expect(data).not.toHaveProperty('id_empresa');
  });

  it('campos que o formulário não tem são descartados: troca de água não tem Classe Tarifária', () => {
    const data = requestSaveSchema('agua', 'troca').parse({ classe_tarifaria: 1 }) as Record<string, unknown>;
    expect(data).not.toHaveProperty('classe_tarifaria');
  });

  it('id_tipo_pagamento da troca de água é o mesmo campo que tipo_de_pagamento', () => {
    const data = requestSaveSchema('agua', 'troca').parse({ id_tipo_pagamento: '2' }) as Record<
      string,
      unknown
    >;
    expect(data.tipo_de_pagamento).toBe(2);
    expect(data).not.toHaveProperty('id_tipo_pagamento');
  });
});

describe('Payload de salvar solicitação: identificadores, apelidos e códigos', () => {
  const energyNew = () => requestSaveSchema('energia', 'nova');
  const waterChange = () => requestSaveSchema('agua', 'troca');
  const data = (result: { success: boolean; data?: unknown }) => result.data as Record<string, unknown>;

  it('identificadores são normalizados (NFKC, maiúsculas, sem caracteres invisíveis); textos livres não', () => {
    const parsed = data(
      energyNew().safeParse({ endereco_id: 'ｅｎｄ-１', unidade: 'a\u200bb', endereco: 'ｅｎｄ' }),
    );
    expect(parsed).toMatchObject({ endereco_id: 'END-1', unidade: 'AB', endereco: 'ｅｎｄ' });
  });

  it('um corpo que não é um objeto é recusado', () => {
    for (const body of ['ab', null, 7]) {
      expect(energyNew().safeParse(body).success, String(body)).toBe(false);
    }
  });

  it('com id_tipo_pagamento e tipo_de_pagamento juntos, vale tipo_de_pagamento', () => {
    expect(data(waterChange().safeParse({ id_tipo_pagamento: 2, tipo_de_pagamento: 1 }))).toEqual({
      tipo_de_pagamento: 1,
    });
  });

  it('UF em branco limpa o campo; UF que não é texto é recusada nomeando o campo', () => {
    expect(data(energyNew().safeParse({ uf: '  ' }))).toEqual({ uf: null });
    expect(firstMessage(energyNew().safeParse({ uf: 5 }))).toBe('O campo UF é inválido.');
  });

  it('status fora do catálogo: "O campo Status é inválido."', () => {
    expect(firstMessage(energyNew().safeParse({ status: 99 }))).toBe('O campo Status é inválido.');
    expect(data(energyNew().safeParse({ status: '8' }))).toEqual({ status: 8 });
  });

  it('Tipo de Protocolo é um número inteiro de 1 a 32767', () => {
    expect(data(energyNew().safeParse({ id_protocolo: ' 12 ' }))).toEqual({ id_protocolo: 12 });
    expect(firstMessage(energyNew().safeParse({ id_protocolo: '0' }))).toBe(
      'O campo Tipo de Protocolo deve ser um número inteiro de 1 a 32767.',
    );
  });

  it('a data do ano 0000 é recusada (o PostgreSQL não tem ano 0)', () => {
    expect(firstMessage(energyNew().safeParse({ data_ligacao: '0000-01-01' }))).toBe(
      'O campo Data de Ligação deve ser uma data válida (AAAA-MM-DD).',
    );
  });

  it('tensão pela letra da base, diretoria pelo código, referências por id', () => {
    expect(data(energyNew().safeParse({ id_tensao: 'bt', diretoria: ' TSP ', regional: '3' }))).toEqual({
      id_tensao: 1,
      diretoria: 'TSP',
      regional: 3,
    });
    expect(firstMessage(energyNew().safeParse({ id_concessionaria: 'x' }))).toBe(
      'O campo Concessionária é inválido.',
    );
  });
});
