import {
  FLOWS_LIST,
  GROUP,
  KINDS_LIST,
  PROFILES,
  REGIONALS,
  REGULARIZATION_STATUSES,
  REQUEST_STATUSES,
  statusLabel,
  type Permissions,
  type RoleKind,
} from '@portal/domain';

/**
 * Reference data every installation needs (access groups, profiles, the seven regionals and the
 * concessionaires); inserted idempotently at every start, whatever SEED_DEMO says.
 */

type GroupRow = { id: number; nome: string; papel: RoleKind } & Permissions;

const flags = (...on: (keyof Permissions)[]): Permissions => ({
  cadastro: on.includes('cadastro'),
  cnpjs: on.includes('cnpjs'),
  relatorios: on.includes('relatorios'),
  empresas: on.includes('empresas'),
  usuarios: on.includes('usuarios'),
});

const ALL = flags('cadastro', 'cnpjs', 'relatorios', 'empresas', 'usuarios');

/** Group flags chosen from spec part 1 §6 ("full menu", "register and companies only"...). */
export const GROUPS: GroupRow[] = [
  { id: GROUP.AMEE, nome: 'Xerox/AME Energia', papel: 'amee', ...ALL },
  { id: GROUP.CELULA, nome: 'Célula TIM', papel: 'celula', ...ALL },
  { id: GROUP.CELULA_VARIANTE, nome: 'Célula TIM (variante)', papel: 'celula', ...ALL },
  // Part 2 §2.10 and §6 also give the regionals the reports and the company menus.
  {
    id: GROUP.REGIONAL,
    nome: 'Regional',
    papel: 'regional',
    ...flags('cadastro', 'cnpjs', 'relatorios', 'empresas'),
  },
  { id: GROUP.TOWER, nome: 'Tower / Terceiros', papel: 'tower', ...flags('cadastro', 'cnpjs') },
  { id: GROUP.TERCEIROS, nome: 'Terceiros Empresas', papel: 'terceiros', ...flags('cadastro', 'cnpjs') },
  {
    id: GROUP.SOLICITANTE_TROCA,
    nome: 'Solicitante Troca',
    papel: 'solicitante',
    ...flags('cadastro', 'cnpjs'),
  },
  {
    id: GROUP.SOLICITANTE,
    nome: 'Solicitante Nova/Troca',
    papel: 'solicitante',
    ...flags('cadastro', 'cnpjs'),
  },
  { id: GROUP.PROPERTY, nome: 'Property Management', papel: 'property', ...flags('cadastro') },
  {
    id: GROUP.RESTRITO,
    nome: 'Grupo TIM (cadastro e empresas)',
    papel: 'grupo_tim',
    ...flags('cadastro', 'empresas'),
  },
  {
    id: GROUP.ENERGY_EFFICIENCY,
    nome: 'Energy Efficiency',
    papel: 'energy_efficiency',
    ...flags('cadastro'),
  },
  {
    id: GROUP.ANALISE_PROPERTY,
    nome: 'Análise do Property Management',
    papel: 'analise_property',
    ...flags('cadastro'),
  },
];

export const PROFILE_ROWS = Object.entries(PROFILES).map(([id, nome]) => ({ id: Number(id), nome }));

export const REGIONAIS = REGIONALS.map(({ id, sigla, ufs }) => ({ id, regional: sigla, ufs: [...ufs] }));

type Concessionaria = { nome: string; sigla: string; ufs: string[] };

export const ENERGY_CONCESSIONAIRES: Concessionaria[] = [
  { nome: 'Amazonas Energia', sigla: 'AME', ufs: ['AM'] },
  { nome: 'CEA Equatorial', sigla: 'CEA', ufs: ['AP'] },
  { nome: 'CEEE Equatorial', sigla: 'CEEE', ufs: ['RS'] },
  { nome: 'Celesc Distribuição', sigla: 'CELESC', ufs: ['SC'] },
  { nome: 'CEMIG Distribuição', sigla: 'CEMIG', ufs: ['MG'] },
  { nome: 'Copel Distribuição', sigla: 'COPEL', ufs: ['PR'] },
  { nome: 'CPFL Paulista', sigla: 'CPFL', ufs: ['SP'] },
  { nome: 'EDP Espírito Santo', sigla: 'EDP ES', ufs: ['ES'] },
  { nome: 'EDP São Paulo', sigla: 'EDP SP', ufs: ['SP'] },
  { nome: 'Elektro', sigla: 'ELEKTRO', ufs: ['SP'] },
  { nome: 'Enel Distribuição Ceará', sigla: 'ENEL CE', ufs: ['CE'] },
  { nome: 'Enel Distribuição Rio', sigla: 'ENEL RJ', ufs: ['RJ'] },
  { nome: 'Enel Distribuição São Paulo', sigla: 'ENEL SP', ufs: ['SP'] },
  { nome: 'Energisa Acre', sigla: 'EAC', ufs: ['AC'] },
  { nome: 'Energisa Mato Grosso', sigla: 'EMT', ufs: ['MT'] },
  { nome: 'Energisa Mato Grosso do Sul', sigla: 'EMS', ufs: ['MS'] },
  { nome: 'Energisa Paraíba', sigla: 'EPB', ufs: ['PB'] },
  { nome: 'Energisa Rondônia', sigla: 'ERO', ufs: ['RO'] },
  { nome: 'Energisa Sergipe', sigla: 'ESE', ufs: ['SE'] },
  { nome: 'Energisa Tocantins', sigla: 'ETO', ufs: ['TO'] },
  { nome: 'Equatorial Alagoas', sigla: 'EQTL AL', ufs: ['AL'] },
  { nome: 'Equatorial Goiás', sigla: 'EQTL GO', ufs: ['GO'] },
  { nome: 'Equatorial Maranhão', sigla: 'EQTL MA', ufs: ['MA'] },
  { nome: 'Equatorial Pará', sigla: 'EQTL PA', ufs: ['PA'] },
  { nome: 'Equatorial Piauí', sigla: 'EQTL PI', ufs: ['PI'] },
  { nome: 'Light', sigla: 'LIGHT', ufs: ['RJ'] },
  { nome: 'Neoenergia Brasília', sigla: 'NEO DF', ufs: ['DF'] },
  { nome: 'Neoenergia Coelba', sigla: 'COELBA', ufs: ['BA'] },
  { nome: 'Neoenergia Cosern', sigla: 'COSERN', ufs: ['RN'] },
  { nome: 'Neoenergia Pernambuco', sigla: 'NEO PE', ufs: ['PE'] },
  { nome: 'RGE Sul', sigla: 'RGE', ufs: ['RS'] },
  { nome: 'Roraima Energia', sigla: 'RRE', ufs: ['RR'] },
];

export const WATER_CONCESSIONAIRES: Concessionaria[] = [
  { nome: 'Águas Cuiabá', sigla: 'AGUAS CUIABA', ufs: ['MT'] },
  { nome: 'Águas de Manaus', sigla: 'AGUAS MANAUS', ufs: ['AM'] },
  { nome: 'Águas do Rio', sigla: 'AGUAS DO RIO', ufs: ['RJ'] },
  { nome: 'BRK Ambiental Tocantins', sigla: 'BRK TO', ufs: ['TO'] },
  { nome: 'Caer', sigla: 'CAER', ufs: ['RR'] },
  { nome: 'Caerd', sigla: 'CAERD', ufs: ['RO'] },
  { nome: 'Caern', sigla: 'CAERN', ufs: ['RN'] },
  { nome: 'Caesa', sigla: 'CAESA', ufs: ['AP'] },
  { nome: 'Caesb', sigla: 'CAESB', ufs: ['DF'] },
  { nome: 'Cagece', sigla: 'CAGECE', ufs: ['CE'] },
  { nome: 'Cagepa', sigla: 'CAGEPA', ufs: ['PB'] },
  { nome: 'Casal', sigla: 'CASAL', ufs: ['AL'] },
  { nome: 'Casan', sigla: 'CASAN', ufs: ['SC'] },
  { nome: 'Cesan', sigla: 'CESAN', ufs: ['ES'] },
  { nome: 'Compesa', sigla: 'COMPESA', ufs: ['PE'] },
  { nome: 'Copasa', sigla: 'COPASA', ufs: ['MG'] },
  { nome: 'Corsan', sigla: 'CORSAN', ufs: ['RS'] },
  { nome: 'Cosanpa', sigla: 'COSANPA', ufs: ['PA'] },
  { nome: 'Caema', sigla: 'CAEMA', ufs: ['MA'] },
  { nome: 'Deso', sigla: 'DESO', ufs: ['SE'] },
  { nome: 'Embasa', sigla: 'EMBASA', ufs: ['BA'] },
  { nome: 'Sabesp', sigla: 'SABESP', ufs: ['SP'] },
  { nome: 'Saneago', sigla: 'SANEAGO', ufs: ['GO'] },
  { nome: 'Sanepar', sigla: 'SANEPAR', ufs: ['PR'] },
  { nome: 'Sanesul', sigla: 'SANESUL', ufs: ['MS'] },
  { nome: 'Águas de Teresina', sigla: 'AGUAS TERESINA', ufs: ['PI'] },
  { nome: 'Saneacre', sigla: 'SANEACRE', ufs: ['AC'] },
];

/**
 * Default status labels per flow (status_rotulos), from the domain's catalogs: every request status
 * for each flow × kind (with the form's own wording) and the regularization statuses per flow.
 * Administrators edit the labels on /status/*; the codes and their rules stay in the domain.
 */
export const STATUS_LABELS = FLOWS_LIST.flatMap((fluxo) => [
  ...KINDS_LIST.flatMap((tipo) =>
    REQUEST_STATUSES.map((codigo) => ({ fluxo, tipo, codigo, rotulo: statusLabel(codigo, fluxo, tipo) })),
  ),
  ...REGULARIZATION_STATUSES.map(({ code, label }) => ({
    fluxo,
    tipo: 'regularizacao' as const,
    codigo: code,
    rotulo: label,
  })),
]);
