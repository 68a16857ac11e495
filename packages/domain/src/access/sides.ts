import type { Granter } from './admin-grants.ts';
import type { RoleKind } from './groups.ts';

/**
 * The two sides of the portal: the telecom (operadora: the cell, its regionals and teams, and the
 * third parties working for it) and its energy-management provider (Xerox/AME).
 */
export const SIDES = ['operadora', 'provedor'] as const;
export type Side = (typeof SIDES)[number];

export const ONLY_CELL_OTHER_SIDE =
  'Só a Célula administra usuários do outro lado (operadora ou provedor): escolha uma empresa e um grupo do seu lado.';

export const ONLY_CELL_OTHER_SIDE_COMPANY =
  'Só a Célula administra empresas do outro lado (operadora ou provedor).';
export const ONLY_CELL_OTHER_SIDE_GROUP =
  'Só a Célula administra grupos de acesso do outro lado (operadora ou provedor).';

const PROVIDER_ROLE_KINDS: readonly string[] = ['amee'] satisfies RoleKind[];

export const sideOfRoleKind = (papel: string): Side =>
  PROVIDER_ROLE_KINDS.includes(papel) ? 'provedor' : 'operadora';

/**
 * A company's side, read off the role kinds of the users in it: the provider's when every one of
 * them is the provider's; the telecom's otherwise, and while it has none (the telecom owns the
 * portal: the cell opens a company to the provider by placing its first user there).
 */
export const companySide = (userRoleKinds: readonly string[]): Side =>
  userRoleKinds.length > 0 && userRoleKinds.every((papel) => sideOfRoleKind(papel) === 'provedor')
    ? 'provedor'
    : 'operadora';

/** The cell administers users on both sides; every other administrator only on its own. */
export const mayAdministerSide = (granter: Pick<Granter, 'papel'>, side: Side): boolean =>
  granter.papel === 'celula' || sideOfRoleKind(granter.papel) === side;

/** Where a user is, or is being put: its group's role kind and its company's side. */
export interface UserPlace {
  papel: string;
  companySide: Side;
}

/**
 * A user create, edit or delete (issue 30): the user as stored (`before`, absent on create) and
 * where it is being put (`next`, absent on delete) must both be on the granter's side.
 */
export function userSideProblem(
  granter: Pick<Granter, 'papel'>,
  before: UserPlace | undefined,
  next: UserPlace | undefined,
): { msg: string; field: 'id_grupo' | 'id_empresa' } | null {
  for (const place of [before, next]) {
    if (!place) continue;
    if (!mayAdministerSide(granter, sideOfRoleKind(place.papel)))
      return { msg: ONLY_CELL_OTHER_SIDE, field: 'id_grupo' };
    if (!mayAdministerSide(granter, place.companySide))
      return { msg: ONLY_CELL_OTHER_SIDE, field: 'id_empresa' };
  }
  return null;
}
