import { GROUP, PROFILE, type Actor, type Permissions, type RoleKind } from '../access/groups.ts';

/** Test fixtures: a user of any role kind, by default of the cell's group with the Cadastro profile and every flag. */
export const ALL_FLAGS: Permissions = {
  cadastro: true,
  cnpjs: true,
  relatorios: true,
  empresas: true,
  usuarios: true,
};

export const actorOf = (papel: RoleKind, changes: Partial<Actor> = {}): Actor => ({
  grupo: GROUP.CELULA,
  papel,
  perfil: PROFILE.CADASTRO_UC,
  permissoes: ALL_FLAGS,
  ...changes,
});
