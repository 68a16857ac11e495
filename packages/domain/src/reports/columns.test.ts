import { describe, expect, it } from 'vitest';
import { REQUEST_STATUSES } from '../catalogs/request-status.ts';
import {
  divergenceCell,
  formatTaxIdDigits,
  REGULARIZATION_REPORT_COLUMNS,
  regularizationVoltageCell,
  reportCellText,
  reportColumns,
  requestFieldCell,
  requestReportColumns,
  stageColumnKey,
} from './columns.ts';

// The columns are what the report screen's table shows and what the exported xlsx and csv hold
// (spec part 2 §3 'Report row'), in this order. A column dropped here is a column missing from
// every user's spreadsheet.
const statusName = (status: number) => `Etapa ${status}`;

describe('the request report row (spec part 2 §3)', () => {
  // Built in each test, not once here: a change to the rule must be seen by the test that reads it.
  const columnsOf = () => requestReportColumns(statusName);

  it('has every column of the spec, in the spec’s order, plus the request date and the protocol', () => {
    const columns = columnsOf();
    // data_pedido and protocolo are the portal's additions (docs/decisions/reports-and-exports.md); the status dates are
    // 'one date column per status stage'.
    expect(columns.map((c) => c.key)).toEqual([
      'id',
      'name',
      'razao_social',
      'cnpj',
      'email',
      'telefone',
      'data_pedido',
      'endereco_id',
      'site_id',
      'regional',
      'tipo_de_loja',
      'cep',
      'uf',
      'cidade',
      'endereco',
      'numero',
      'bairro',
      'complemento',
      'cnpj_tim',
      'cnpj_uc_solicitada',
      'data_ativacao',
      'id_protocolo',
      'protocolo',
      'concessionaria',
      'unidade',
      'numero_medidor',
      'tipo_de_pagamento',
      'tipo_classe_tarifaria',
      'tipo_subclasse_tarifaria',
      'tipo_modalidade_tarifaria',
      'tipo_tensao_fornecimento',
      'tipo_mercado',
      'diretoria',
      'status_atual',
      // Issue 34 step 3, beyond the spec's row (docs/decisions/requests-workflow.md, D-WF-064).
      'motivo_recusa',
      ...REQUEST_STATUSES.map(stageColumnKey),
      'tipo_site',
      'id_tensao',
      'status',
      'fatura',
      'comprovante_pagamento',
      'autorizacao',
      'complementar',
      'complementar_tower',
      'observacao',
      'historico_string',
    ]);
  });

  it('heads each column as the users read it', () => {
    const columns = columnsOf();
    const headers = Object.fromEntries(
      columns.filter((c) => !c.key.startsWith('data_status_')).map((c) => [c.key, c.header]),
    );
    expect(headers).toEqual({
      id: 'ID',
      name: 'Solicitante',
      razao_social: 'Empresa',
      cnpj: 'CNPJ da Empresa',
      email: 'E-mail',
      telefone: 'Telefone',
      data_pedido: 'Data da Solicitação',
      endereco_id: 'Endereço ID',
      site_id: 'Site ID',
      regional: 'Regional',
      tipo_de_loja: 'Tipo de Loja',
      cep: 'CEP',
      uf: 'UF',
      cidade: 'Cidade',
      endereco: 'Endereço',
      numero: 'Número',
      bairro: 'Bairro',
      complemento: 'Complemento',
      cnpj_tim: 'CNPJ TIM',
      cnpj_uc_solicitada: 'CNPJ/CPF da UC Solicitada',
      data_ativacao: 'Previsão de Ativação',
      id_protocolo: 'Tipo de Protocolo',
      protocolo: 'Protocolo',
      concessionaria: 'Concessionária',
      unidade: 'Unidade',
      numero_medidor: 'Número do Medidor',
      tipo_de_pagamento: 'Tipo de Pagamento',
      tipo_classe_tarifaria: 'Classe Tarifária',
      tipo_subclasse_tarifaria: 'Subclasse Tarifária',
      tipo_modalidade_tarifaria: 'Modalidade Tarifária',
      tipo_tensao_fornecimento: 'Tensão de Fornecimento',
      tipo_mercado: 'Mercado',
      diretoria: 'Diretoria',
      status_atual: 'Status Atual',
      motivo_recusa: 'Motivo da recusa',
      tipo_site: 'Tipo do Site',
      id_tensao: 'Tipo de Tensão',
      status: 'Código do Status',
      fatura: 'Fatura',
      comprovante_pagamento: 'Comprovante de Pagamento',
      autorizacao: 'Autorização',
      complementar: 'Anexo Complementar',
      complementar_tower: 'Anexo Complementar Tower',
      observacao: 'Última Observação',
      historico_string: 'Histórico de Observações',
    });
  });

  it('has one date column per status, headed with the status’s name on the form', () => {
    const columns = columnsOf();
    const stages = columns.filter((c) => c.key.startsWith('data_status_'));
    expect(stages).toHaveLength(REQUEST_STATUSES.length);
    for (const status of REQUEST_STATUSES) {
      expect(columns.find((c) => c.key === `data_status_${status}`)).toEqual({
        key: `data_status_${status}`,
        header: `Data: Etapa ${status}`,
        kind: 'datetime',
      });
    }
  });

  it('writes dates as dates, tax ids with their mask, numbers as numbers and attachments as links', () => {
    const columns = columnsOf();
    const kinds = (kind: string) =>
      columns.filter((c) => c.kind === kind && !c.key.startsWith('data_status_')).map((c) => c.key);
    expect(kinds('datetime')).toEqual(['data_pedido']);
    expect(kinds('date')).toEqual(['data_ativacao']);
    expect(kinds('taxId')).toEqual(['cnpj', 'cnpj_tim', 'cnpj_uc_solicitada']);
    expect(kinds('number')).toEqual(['id', 'id_protocolo', 'status']);
    expect(kinds('file')).toEqual([
      'fatura',
      'comprovante_pagamento',
      'autorizacao',
      'complementar',
      'complementar_tower',
    ]);
  });

  it('sorts by the list’s sort keys only where the list can sort', () => {
    const columns = columnsOf();
    const sortable = Object.fromEntries(columns.filter((c) => c.sort).map((c) => [c.key, c.sort]));
    expect(sortable).toEqual({
      id: 'id',
      data_pedido: 'data_pedido',
      endereco_id: 'endereco_id',
      site_id: 'site_id',
      data_ativacao: 'data_ativacao',
      unidade: 'unidade',
      status_atual: 'status',
    });
    expect(columns.filter((c) => !c.sort).every((c) => !('sort' in c))).toBe(true);
  });
});

describe('the regularization report row (spec part 2 §3): its 28 columns', () => {
  it('has the spec’s columns in the spec’s order', () => {
    expect(REGULARIZATION_REPORT_COLUMNS.map((c) => c.key)).toEqual([
      'endereco_id',
      'site_id',
      'regional',
      'cep',
      'uf',
      'cidade',
      'endereco',
      'numero',
      'complemento',
      'bairro',
      'concessionaria',
      'unidade',
      'numero_medidor',
      'tipo_tensao',
      'razao_social_fatura',
      'cnpj_fatura',
      'razao_social_correta',
      'cnpj_correto',
      'data_solicitacao',
      'previsao_solicitacao',
      'nova_unidade',
      'tipo_divergencia',
      'status',
      'solicitacao',
      'resposta',
      'anexo',
      'urlFatura',
      'historico_string',
    ]);
  });

  it('heads and types its columns as the users read them', () => {
    const table = REGULARIZATION_REPORT_COLUMNS.map((c) => [c.key, c.header, c.kind, c.sort ?? null]);
    expect(table).toEqual([
      ['endereco_id', 'Endereço ID', 'text', 'endereco_id'],
      ['site_id', 'Site ID', 'text', 'site_id'],
      ['regional', 'Regional', 'text', null],
      ['cep', 'CEP', 'text', null],
      ['uf', 'UF', 'text', null],
      ['cidade', 'Cidade', 'text', null],
      ['endereco', 'Endereço', 'text', null],
      ['numero', 'Número', 'text', null],
      ['complemento', 'Complemento', 'text', null],
      ['bairro', 'Bairro', 'text', null],
      ['concessionaria', 'Concessionária', 'text', null],
      ['unidade', 'Unidade', 'text', 'unidade'],
      ['numero_medidor', 'Número do Medidor', 'text', null],
      ['tipo_tensao', 'Tipo de Tensão', 'text', null],
      ['razao_social_fatura', 'Razão Social da Fatura', 'text', null],
      ['cnpj_fatura', 'CNPJ da Fatura', 'text', null],
      ['razao_social_correta', 'Razão Social Correta', 'text', null],
      ['cnpj_correto', 'CNPJ Correto', 'taxId', null],
      ['data_solicitacao', 'Data da Solicitação', 'date', null],
      ['previsao_solicitacao', 'Previsão de Efetivação', 'date', null],
      ['nova_unidade', 'Nova Unidade', 'text', null],
      ['tipo_divergencia', 'Tipo Divergência', 'text', 'tipo_divergencia'],
      ['status', 'Status', 'text', 'status'],
      ['solicitacao', 'Solicitação à Concessionária', 'file', null],
      ['resposta', 'Resposta da Concessionária', 'file', null],
      ['anexo', 'Anexo Complementar', 'file', null],
      ['urlFatura', 'Fatura (endereço)', 'url', null],
      ['historico_string', 'Histórico de Observações', 'text', null],
    ]);
  });
});

describe('reportColumns picks the row of the report’s source', () => {
  it('requests of either kind get the request row; regularizations theirs', () => {
    expect(reportColumns({ of: 'requests', kind: 'nova' }, statusName)).toEqual(
      requestReportColumns(statusName),
    );
    expect(reportColumns({ of: 'requests', kind: 'troca' }, statusName)).toEqual(
      requestReportColumns(statusName),
    );
    expect(reportColumns({ of: 'regularizations' }, statusName)).toEqual(REGULARIZATION_REPORT_COLUMNS);
  });
});

describe('a stored request field as the report shows it', () => {
  it('codes are exported as their labels', () => {
    expect(requestFieldCell('tipo_de_loja', 2)).toBe('Loja Revenda');
    expect(requestFieldCell('tipo_de_loja', '1')).toBe('Loja Própria');
    expect(requestFieldCell('modalidade_tarifaria', 'v')).toBe('Verde');
    expect(requestFieldCell('diretoria', 'TSP')).toBe('TSP');
  });

  it('a code no longer in the catalogue shows as the code', () => {
    expect(requestFieldCell('tipo_de_loja', 9)).toBe('9');
  });

  it('the postal code gets its mask; other fields stay as stored', () => {
    expect(requestFieldCell('cep', '01310100')).toBe('01310-100');
    expect(requestFieldCell('endereco', 'Av. Paulista')).toBe('Av. Paulista');
    expect(requestFieldCell('id_protocolo', 3)).toBe(3);
  });

  it('blank, null and absent are empty cells', () => {
    for (const value of [null, undefined, '']) {
      expect(requestFieldCell('tipo_de_loja', value)).toBeNull();
      expect(requestFieldCell('cep', value)).toBeNull();
    }
  });

  it('a regularization’s voltage letter code reads as its label; a word stays', () => {
    expect(regularizationVoltageCell('bt')).toBe('Baixa Tensão');
    expect(regularizationVoltageCell(' MT ')).toBe('Média Tensão');
    expect(regularizationVoltageCell('Alta')).toBe('Alta');
    expect(regularizationVoltageCell(null)).toBeNull();
    expect(regularizationVoltageCell('')).toBeNull();
  });

  it('the divergence type reads as its label', () => {
    expect(divergenceCell(1)).toBe('CNPJ Diverge da UF');
    expect(divergenceCell(2)).toBe('CNPJ/Razão Divergente');
  });
});

describe('a cell as text, on the screen and in the csv', () => {
  it('dates read dd/mm/aaaa, instants dd/mm/aaaa hh:mm', () => {
    expect(reportCellText('date', '2026-03-05')).toBe('05/03/2026');
    expect(reportCellText('datetime', '2026-03-05T14:07:33')).toBe('05/03/2026 14:07');
    expect(reportCellText('datetime', '2026-03-05')).toBe('05/03/2026');
  });

  it('tax ids get the CPF or the CNPJ mask by their length, alphanumeric CNPJs included', () => {
    expect(reportCellText('taxId', '12345678909')).toBe('123.456.789-09');
    expect(reportCellText('taxId', '11222333000181')).toBe('11.222.333/0001-81');
    expect(formatTaxIdDigits('12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
  });

  it('empty is empty, whatever the kind; other kinds as they are', () => {
    for (const kind of ['text', 'number', 'date', 'datetime', 'taxId', 'file', 'url'] as const) {
      expect(reportCellText(kind, null)).toBe('');
    }
    expect(reportCellText('number', 42)).toBe('42');
    expect(reportCellText('text', 'Ativa')).toBe('Ativa');
  });
});
