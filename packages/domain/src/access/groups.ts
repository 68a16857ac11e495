/**
 * Access groups are database rows whose ids are the spec's numeric group codes.
 * The policy never looks at a code directly: it looks at the group's role kind,
 * so a new group of an existing kind behaves like its siblings.
 */

/** Role kinds, numbered as the user-administration screen numbers them (spec part 1 §3). */
export const ROLE_KINDS = {
  amee: { tipo: 0, label: 'Amee' },
  celula: { tipo: 1, label: 'Célula Tim' },
  regional: { tipo: 2, label: 'Regional' },
  tower: { tipo: 3, label: 'Empresas (tower, etc)' },
  terceiros: { tipo: 4, label: 'Terceiros Empresas' },
  grupo_tim: { tipo: 5, label: 'Grupo TIM' },
  energy_efficiency: { tipo: 6, label: 'Energy Efficiency' },
  property: { tipo: 7, label: 'Property Management' },
  analise_property: { tipo: 8, label: 'Análise do Property Management' },
  solicitante: { tipo: 9, label: 'Nova/Troca' },
} as const;

export type RoleKind = keyof typeof ROLE_KINDS;
export const ROLE_KIND_KEYS = Object.keys(ROLE_KINDS) as RoleKind[];

/** The spec's group codes, named. */
export const GROUP = {
  AMEE: 22802443,
  CELULA: 22845207,
  CELULA_VARIANTE: 23002091,
  REGIONAL: 22890835,
  TOWER: 22913699,
  TERCEIROS: 22959227,
  SOLICITANTE_TROCA: 23047619,
  SOLICITANTE: 23090483,
  PROPERTY: 23116011,
  RESTRITO: 23158875,
  // The spec names these roles but gives them no code; see docs/decisions/access-and-administration.md, D-ACC-001.
  ENERGY_EFFICIENCY: 23171502,
  ANALISE_PROPERTY: 23171503,
} as const;

export const PERMISSION_FLAGS = ['cadastro', 'cnpjs', 'relatorios', 'empresas', 'usuarios'] as const;
export type PermissionFlag = (typeof PERMISSION_FLAGS)[number];
export type Permissions = Record<PermissionFlag, boolean>;

export const PERMISSION_LABELS: Record<PermissionFlag, string> = {
  cadastro: 'Cadastro de unidades',
  cnpjs: 'Troca de titularidade e regularização de CNPJ',
  relatorios: 'Relatórios',
  empresas: 'Empresas, regionais e status',
  usuarios: 'Usuários e grupos de acesso',
};

/** User profiles (spec part 1 §3). Profile 1 is privileged, 3 is read-only. */
export const PROFILE = { ADMINISTRADOR: 1, TROCA_CONSULTA: 2, CONSULTA: 3, CADASTRO_UC: 4 } as const;
export const PROFILES: Record<number, string> = {
  1: 'Administrador',
  2: 'Troca de Titularidade/Consulta',
  3: 'Consulta',
  4: 'Cadastro de UC',
};

/** What the session knows about who is acting: enough for every access decision. */
export interface Actor {
  grupo: number;
  papel: RoleKind;
  perfil: number;
  permissoes: Permissions;
}

export const isReadOnlyProfile = (actor: Pick<Actor, 'perfil'>): boolean => actor.perfil === PROFILE.CONSULTA;
