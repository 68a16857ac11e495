import { PERMISSION_FLAGS, PERMISSION_LABELS, PROFILE, type Permissions, type RoleKind } from './groups.ts';

/**
 * Nobody grants what they do not hold (GUIDE §7): the rules an administration save must pass
 * beyond the screen's permission flag. The server refuses with them; the user and group forms
 * use them to lock what the signed-in administrator may not change.
 */
export interface Granter {
  id: number;
  grupo: number;
  papel: RoleKind;
  empresa: number | null;
  perfil: number;
  permissoes: Permissions;
}

/** A group as the grant rules weigh it: its role kind and flags. */
export type GroupGrant = Permissions & { papel: string };

export interface GrantProblem {
  msg: string;
  field: string;
}

export const ADMIN_SETS_NO_PASSWORD =
  'A senha de um usuário não é definida pelo administrador: use "Enviar e-mail de redefinição".';
export const ONLY_ADMIN_GRANTS_ADMIN =
  'Só um Administrador (perfil 1) concede ou altera o perfil Administrador.';
export const ONLY_ADMIN_CHANGES_EMAIL =
  'Só um Administrador (perfil 1) altera o e-mail de outro usuário: a redefinição de senha iria para o novo endereço.';
export const ONLY_ADMIN_REMOVES_ADMIN = 'Só um Administrador (perfil 1) apaga ou desativa um Administrador.';
export const NO_OWN_ACCESS_CHANGE = 'Você não pode alterar o seu próprio grupo, perfil ou empresa.';
export const NO_OWN_GROUP_CHANGE = 'Você não pode alterar o papel ou as permissões do seu próprio grupo.';
export const ONLY_ADMIN_OTHER_ROLE_KIND =
  'Só um Administrador (perfil 1) administra grupos, e usuários em grupos, de outro papel que não o do seu grupo.';
export const ONLY_ADMIN_EDITS_ADMIN_GROUP =
  'Só um Administrador (perfil 1) altera ou apaga o grupo de um Administrador.';
export const NO_OWN_COMPANY_REMOVAL = 'Você não pode desativar ou apagar a sua própria empresa.';
export const ONLY_ADMIN_REMOVES_ADMIN_COMPANY =
  'Só um Administrador (perfil 1) desativa ou apaga a empresa de um Administrador.';
export const flagNotHeld = (flag: keyof Permissions) =>
  `Só um Administrador (perfil 1) concede a permissão "${PERMISSION_LABELS[flag]}", que o seu grupo não tem.`;

export const isAdministrator = (granter: Pick<Granter, 'perfil'>) => granter.perfil === PROFILE.ADMINISTRADOR;

/** Whether the granter may hand out this flag: their group holds it, or they are profile 1. */
export const mayGrantFlag = (granter: Granter, flag: keyof Permissions): boolean =>
  isAdministrator(granter) || granter.permissoes[flag];

/**
 * A role kind decides which statuses a group sets and which requests it sees: handing out another
 * one is granting what one does not hold, so only profile 1 administers groups (and users in
 * groups) of a role kind other than the granter's own.
 */
export const mayAdministerRoleKind = (granter: Granter, papel: string): boolean =>
  isAdministrator(granter) || papel === granter.papel;

/** The first flag that `flags` turns on and the granter may not hand out. */
export function flagBeyondGranter(granter: Granter, flags: Permissions): keyof Permissions | null {
  return PERMISSION_FLAGS.find((flag) => flags[flag] && !mayGrantFlag(granter, flag)) ?? null;
}

/**
 * A user create/edit: `before` is the stored user with its group's role kind (absent on create),
 * `group` the group the user is being put in.
 */
export function userGrantProblem(
  granter: Granter,
  before:
    | {
        id: number;
        id_grupo: number;
        id_perfil: number;
        id_empresa: number | null;
        email: string;
        papel: string;
      }
    | undefined,
  next: { id_grupo: number; id_perfil: number; id_empresa: number; email: string; password?: unknown },
  group: GroupGrant,
): GrantProblem | null {
  if (next.password !== undefined) return { msg: ADMIN_SETS_NO_PASSWORD, field: 'password' };
  if (before?.id === granter.id) {
    const own = (['id_grupo', 'id_perfil', 'id_empresa'] as const).find((key) => before[key] !== next[key]);
    if (own) return { msg: NO_OWN_ACCESS_CHANGE, field: own };
  }
  const touchesAdministrator =
    next.id_perfil === PROFILE.ADMINISTRADOR || before?.id_perfil === PROFILE.ADMINISTRADOR;
  if (touchesAdministrator && !isAdministrator(granter))
    return { msg: ONLY_ADMIN_GRANTS_ADMIN, field: 'id_perfil' };
  if (
    !mayAdministerRoleKind(granter, group.papel) ||
    (before && !mayAdministerRoleKind(granter, before.papel))
  )
    return { msg: ONLY_ADMIN_OTHER_ROLE_KIND, field: 'id_grupo' };
  // Whoever sets someone's e-mail receives their password link: that is taking the account.
  const otherEmailChanged =
    before !== undefined &&
    before.id !== granter.id &&
    before.email.trim().toLowerCase() !== next.email.trim().toLowerCase();
  if (otherEmailChanged && !isAdministrator(granter))
    return { msg: ONLY_ADMIN_CHANGES_EMAIL, field: 'email' };
  // Putting someone in a group hands them its flags; only the group they already had is exempt.
  if (before?.id_grupo !== next.id_grupo) {
    const beyond = flagBeyondGranter(granter, group);
    if (beyond) return { msg: flagNotHeld(beyond), field: 'id_grupo' };
  }
  return null;
}

/**
 * A group create/edit: `before` is the stored group (absent on create), with whether a profile-1
 * user is in it (whoever edits that group edits the administrator's access).
 */
export function groupGrantProblem(
  granter: Granter,
  groupId: number,
  before: (GroupGrant & { holdsAdministrator: boolean }) | undefined,
  next: GroupGrant,
): GrantProblem | null {
  const removal = before && groupRemovalProblem(granter, before);
  if (removal) return { msg: removal, field: before.papel !== next.papel ? 'papel' : 'id' };
  if (!mayAdministerRoleKind(granter, next.papel)) return { msg: ONLY_ADMIN_OTHER_ROLE_KIND, field: 'papel' };
  if (before && groupId === granter.grupo) {
    const changed =
      before.papel !== next.papel || PERMISSION_FLAGS.some((flag) => before[flag] !== next[flag]);
    if (changed)
      return { msg: NO_OWN_GROUP_CHANGE, field: before.papel !== next.papel ? 'papel' : 'usuarios' };
  }
  const added = Object.fromEntries(
    PERMISSION_FLAGS.map((flag) => [flag, next[flag] && !before?.[flag]]),
  ) as Permissions;
  const beyond = flagBeyondGranter(granter, added);
  return beyond ? { msg: flagNotHeld(beyond), field: beyond } : null;
}

/** A group edit or delete by someone other than profile 1: only a group of their role kind, with no administrator in it. */
export function groupRemovalProblem(
  granter: Granter,
  target: { papel: string; holdsAdministrator: boolean },
): string | null {
  if (isAdministrator(granter)) return null;
  if (target.holdsAdministrator) return ONLY_ADMIN_EDITS_ADMIN_GROUP;
  return mayAdministerRoleKind(granter, target.papel) ? null : ONLY_ADMIN_OTHER_ROLE_KIND;
}

/**
 * A company delete or deactivation: nobody takes away their own company (their sign-in goes with
 * it), and only profile 1 takes away the company of an administrator.
 */
export function companyRemovalProblem(
  granter: Granter,
  target: { id: number; holdsAdministrator: boolean },
): string | null {
  if (target.id === granter.empresa) return NO_OWN_COMPANY_REMOVAL;
  return target.holdsAdministrator && !isAdministrator(granter) ? ONLY_ADMIN_REMOVES_ADMIN_COMPANY : null;
}

/** A user delete (or the deactivation it becomes): an administrator is removed only by another. */
export function userRemovalProblem(granter: Granter, target: { id_perfil: number }): string | null {
  return target.id_perfil === PROFILE.ADMINISTRADOR && !isAdministrator(granter)
    ? ONLY_ADMIN_REMOVES_ADMIN
    : null;
}
