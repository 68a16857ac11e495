import { PERMISSION_FLAGS, PERMISSION_LABELS, PROFILE, type Permissions } from './groups.ts';

/**
 * Nobody grants what they do not hold (GUIDE §7): the rules an administration save must pass
 * beyond the screen's permission flag. The server refuses with them; the user and group forms
 * use them to lock what the signed-in administrator may not change.
 */
export interface Granter {
  id: number;
  grupo: number;
  perfil: number;
  permissoes: Permissions;
}

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
export const NO_OWN_ACCESS_CHANGE = 'Você não pode alterar o seu próprio grupo ou perfil.';
export const NO_OWN_GROUP_CHANGE = 'Você não pode alterar o papel ou as permissões do seu próprio grupo.';
export const flagNotHeld = (flag: keyof Permissions) =>
  `Só um Administrador (perfil 1) concede a permissão "${PERMISSION_LABELS[flag]}", que o seu grupo não tem.`;

export const isAdministrator = (granter: Pick<Granter, 'perfil'>) => granter.perfil === PROFILE.ADMINISTRADOR;

/** Whether the granter may hand out this flag: their group holds it, or they are profile 1. */
export const mayGrantFlag = (granter: Granter, flag: keyof Permissions): boolean =>
  isAdministrator(granter) || granter.permissoes[flag];

/** The first flag that `flags` turns on and the granter may not hand out. */
export function flagBeyondGranter(granter: Granter, flags: Permissions): keyof Permissions | null {
  return PERMISSION_FLAGS.find((flag) => flags[flag] && !mayGrantFlag(granter, flag)) ?? null;
}

/**
 * A user create/edit: `before` is the stored user (absent on create), `groupFlags` the flags of
 * the group the user is being put in.
 */
export function userGrantProblem(
  granter: Granter,
  before: { id: number; id_grupo: number; id_perfil: number; email: string } | undefined,
  next: { id_grupo: number; id_perfil: number; email: string; password?: unknown },
  groupFlags: Permissions,
): GrantProblem | null {
  if (next.password !== undefined) return { msg: ADMIN_SETS_NO_PASSWORD, field: 'password' };
  if (
    before?.id === granter.id &&
    (before.id_grupo !== next.id_grupo || before.id_perfil !== next.id_perfil)
  ) {
    return { msg: NO_OWN_ACCESS_CHANGE, field: before.id_grupo !== next.id_grupo ? 'id_grupo' : 'id_perfil' };
  }
  const touchesAdministrator =
    next.id_perfil === PROFILE.ADMINISTRADOR || before?.id_perfil === PROFILE.ADMINISTRADOR;
  if (touchesAdministrator && !isAdministrator(granter))
    return { msg: ONLY_ADMIN_GRANTS_ADMIN, field: 'id_perfil' };
  // Whoever sets someone's e-mail receives their password link: that is taking the account.
  const otherEmailChanged =
    before !== undefined &&
    before.id !== granter.id &&
    before.email.trim().toLowerCase() !== next.email.trim().toLowerCase();
  if (otherEmailChanged && !isAdministrator(granter))
    return { msg: ONLY_ADMIN_CHANGES_EMAIL, field: 'email' };
  // Putting someone in a group hands them its flags; only the group they already had is exempt.
  if (before?.id_grupo !== next.id_grupo) {
    const beyond = flagBeyondGranter(granter, groupFlags);
    if (beyond) return { msg: flagNotHeld(beyond), field: 'id_grupo' };
  }
  return null;
}

/** A group create/edit: `before` is the stored group (absent on create). */
export function groupGrantProblem(
  granter: Granter,
  groupId: number,
  before: (Permissions & { papel: string }) | undefined,
  next: Permissions & { papel: string },
): GrantProblem | null {
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

/** A user delete (or the deactivation it becomes): an administrator is removed only by another. */
export function userRemovalProblem(granter: Granter, target: { id_perfil: number }): string | null {
  return target.id_perfil === PROFILE.ADMINISTRADOR && !isAdministrator(granter)
    ? ONLY_ADMIN_REMOVES_ADMIN
    : null;
}
