/**
 * Maximum lengths of text fields. The spec's maxima (part 1 §3, part 2 §3 and §5) come first;
 * the rest are ours, for fields the spec leaves open, so no text column is unbounded.
 */
export const FIELD_MAX = {
  // spec
  endereco_id: 12,
  site_id: 12,
  numero_medidor: 12,
  endereco: 40,
  numero: 20,
  bairro: 30,
  complemento: 20,
  unidade: 20,
  unidade_nova: 20,
  centro_custo: 10,
  conta_contabil: 10,
  numero_agrupamento: 20,
  smp: 20,
  email: 200,
  razao_social_fatura: 100,
  cnpj_fatura: 100,
  razao_social_correta: 80,
  uf: 40,
  municipio: 40,
  cidade: 40,
  // ours
  nova_uc: 20,
  nova_unidade: 20,
  id_protocolo: 20,
  protocolo: 40,
  observacao: 2000,
  name: 100,
  razao_social: 100,
  telefone: 20,
  regional: 10,
  gestor: 100,
  nome_focal: 100,
  search: 100,
} as const;

export type LimitedField = keyof typeof FIELD_MAX;
