import type { RequestField } from '@portal/domain';
import type { solicitacoes } from './schema.ts';

/**
 * The column that stores each request field of the spec (workflow/request-fields.ts; the
 * observation is a history entry, not a column). Written out, not read off the column names:
 * TypeScript refuses a field without a column, and colunas-e-campos.test.ts a column whose type
 * disagrees with the field's kind.
 */
export const REQUEST_FIELD_COLUMNS = {
  endereco_id: 'enderecoId',
  site_id: 'siteId',
  regional: 'regional',
  tipo_de_loja: 'tipoDeLoja',
  cep: 'cep',
  uf: 'uf',
  municipio: 'municipio',
  endereco: 'endereco',
  numero: 'numero',
  bairro: 'bairro',
  complemento: 'complemento',
  cnpj_solicitada: 'cnpjSolicitada',
  id_concessionaria: 'idConcessionaria',
  unidade: 'unidade',
  numero_medidor: 'numeroMedidor',
  id_tensao: 'idTensao',
  tipo_site: 'tipoSite',
  data_ativacao: 'dataAtivacao',
  id_protocolo: 'idProtocolo',
  protocolo: 'protocolo',
  tipo_de_pagamento: 'tipoDePagamento',
  classe_tarifaria: 'classeTarifaria',
  subclasse_tarifaria: 'subclasseTarifaria',
  modalidade_tarifaria: 'modalidadeTarifaria',
  tensao_fornecimento: 'tensaoFornecimento',
  mercado: 'mercado',
  centro_custo: 'centroCusto',
  conta_contabil: 'contaContabil',
  numero_agrupamento: 'numeroAgrupamento',
  diretoria: 'diretoria',
  smp: 'smp',
  nova_uc: 'novaUc',
  unidade_nova: 'unidadeNova',
  data_ligacao: 'dataLigacao',
} as const satisfies Record<Exclude<RequestField, 'observacao'>, keyof typeof solicitacoes.$inferSelect>;
