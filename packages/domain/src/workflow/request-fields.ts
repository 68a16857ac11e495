/**
 * The fields and attachments the request policy governs, and the blocks the spec groups them in.
 * Fields the server derives (cnpj_tim from the UF, the requester's data from the session,
 * data_pedido from the clock) are not here: nobody edits them.
 */
export const REQUEST_FIELDS = [
  'endereco_id',
  'site_id',
  'regional',
  'tipo_de_loja',
  'cep',
  'uf',
  'municipio',
  'endereco',
  'numero',
  'bairro',
  'complemento',
  'cnpj_solicitada',
  'id_concessionaria',
  'unidade',
  'numero_medidor',
  'id_tensao',
  'tipo_site',
  'data_ativacao',
  'id_protocolo',
  'protocolo',
  'tipo_de_pagamento',
  'classe_tarifaria',
  'subclasse_tarifaria',
  'modalidade_tarifaria',
  'tensao_fornecimento',
  'mercado',
  'centro_custo',
  'conta_contabil',
  'numero_agrupamento',
  'diretoria',
  'smp',
  'nova_uc',
  'unidade_nova',
  'data_ligacao',
  /** A new entry of the observation history, not a column: any non-empty value is a change. */
  'observacao',
] as const;
export type RequestField = (typeof REQUEST_FIELDS)[number];

export const REQUEST_FILES = [
  'fatura',
  'comprovante_pagamento',
  'autorizacao',
  'complementar',
  'complementar_tower',
] as const;
export type RequestFile = (typeof REQUEST_FILES)[number];

export const ADDRESS_IDS = ['endereco_id', 'site_id'] as const satisfies readonly RequestField[];

/** What the requester fills in 'Dados da Solicitação'. */
export const REQUESTER_FIELDS = [
  ...ADDRESS_IDS,
  'regional',
  'tipo_de_loja',
  'cep',
  'uf',
  'municipio',
  'endereco',
  'numero',
  'bairro',
  'complemento',
  'cnpj_solicitada',
  'id_concessionaria',
  'unidade',
  'numero_medidor',
  'id_tensao',
  'tipo_site',
] as const satisfies readonly RequestField[];

/** Previsão de ativação and protocol: the cell's follow-up of the concessionaire. */
export const CELL_TRACKING_FIELDS = [
  'data_ativacao',
  'id_protocolo',
  'protocolo',
] as const satisfies readonly RequestField[];

/** The cell data block (spec part 1 §6). */
export const CELL_BLOCK_FIELDS = [
  'tipo_de_pagamento',
  'classe_tarifaria',
  'subclasse_tarifaria',
  'modalidade_tarifaria',
  'tensao_fornecimento',
  'mercado',
  'centro_custo',
  'conta_contabil',
  'numero_agrupamento',
  'diretoria',
  'smp',
  'nova_uc',
  'unidade_nova',
  'data_ligacao',
] as const satisfies readonly RequestField[];

/** Required when the cell approves, optional when it refuses or holds (spec part 1 §4, part 2 §4.2). */
export const CELL_TARIFF_FIELDS = [
  'tipo_de_pagamento',
  'classe_tarifaria',
  'tensao_fornecimento',
  'mercado',
  'centro_custo',
  'conta_contabil',
  'data_ligacao',
] as const satisfies readonly RequestField[];

/** The three documents of a change of holder. */
export const HOLDER_DOCUMENTS = [
  'fatura',
  'comprovante_pagamento',
  'autorizacao',
] as const satisfies readonly RequestFile[];
