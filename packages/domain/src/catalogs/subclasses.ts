import type { Option } from './options.ts';

/**
 * Tariff subclasses 1–40. The spec gives only the codes ("public-sector and telecom categories");
 * these labels follow ANEEL's subclass names (REN 1.000/2021) plus the telecom site kinds the
 * client files, and are ours to adjust (docs/decisions/requests-workflow.md, D-WF-026).
 */
const LABELS = [
  'Residencial',
  'Residencial Baixa Renda',
  'Residencial Baixa Renda Indígena',
  'Residencial Baixa Renda Quilombola',
  'Residencial Baixa Renda Benefício de Prestação Continuada',
  'Residencial Baixa Renda Multifamiliar',
  'Industrial',
  'Comercial',
  'Serviços de Transporte, exceto Tração Elétrica',
  'Serviços de Comunicações e Telecomunicações',
  'Associação e Entidades Filantrópicas',
  'Templos Religiosos',
  'Administração Condominial',
  'Iluminação em Rodovias',
  'Semáforos, Radares e Câmeras de Monitoramento de Trânsito',
  'Outros Serviços e Outras Atividades',
  'Agropecuária Rural',
  'Agropecuária Urbana',
  'Residencial Rural',
  'Cooperativa de Eletrificação Rural',
  'Agroindustrial',
  'Serviço Público de Irrigação Rural',
  'Escola Agrotécnica',
  'Aquicultura',
  'Poder Público Federal',
  'Poder Público Estadual ou Distrital',
  'Poder Público Municipal',
  'Iluminação Pública',
  'Tração Elétrica',
  'Água, Esgoto e Saneamento',
  'Serviço Público de Irrigação',
  'Consumo Próprio - Próprio',
  'Consumo Próprio - Canteiro de Obras',
  'Consumo Próprio - Interno',
  'Serviço de Telecomunicações - Estação Rádio Base',
  'Serviço de Telecomunicações - Central Telefônica',
  'Serviço de Telecomunicações - Loja',
  'Serviço de Telecomunicações - Prédio Administrativo',
  'Serviço de Telecomunicações - Data Center',
  'Serviço de Telecomunicações - Outros',
] as const;

export const TARIFF_SUBCLASSES: readonly Option[] = LABELS.map((label, i) => ({ code: i + 1, label }));
