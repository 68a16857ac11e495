import {
  groupGrantProblem,
  mayAdministerSide,
  ONLY_CELL_OTHER_SIDE_GROUP,
  sideOfRoleKind,
  type GroupSaveBody,
} from '@portal/domain';
import { writeAudit } from '../../../audit/audit.ts';
import { forbidden, notFound, unprocessable } from '../../../http/errors.ts';
import type { ActorContext } from '../../../http/context.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { checkVersion } from '../../../db/version.ts';
import {
  findGroup,
  groupHoldsAdministrator,
  insertGroup,
  toGroupDto,
  updateGroup,
  type GroupDto,
} from './repo.ts';

export const GROUP_CODE_TAKEN = 'Código de Grupo já cadastrado.';

/**
 * grupos/add and grupos/edit. The code is the group's identity (the spec's numeric group codes),
 * so edit finds the group by it and never changes it.
 */
export async function saveGroup(
  ctx: ActorContext,
  input: GroupSaveBody,
  mode: 'add' | 'edit',
): Promise<GroupDto> {
  const { id, version, ...values } = input;
  try {
    return await ctx.db.transaction(async (tx) => {
      const before = await findGroup(tx, id);
      if (mode === 'add' && before) throw unprocessable(GROUP_CODE_TAKEN, 'id');
      if (mode === 'edit' && !before) throw notFound('Grupo de Acesso não encontrado.');
      if (before) checkVersion(before.version, version);
      // Nobody grants what they do not hold, nor changes their own group's access (GUIDE §7).
      const stored = before && { ...before, holdsAdministrator: await groupHoldsAdministrator(tx, id) };
      const problem = groupGrantProblem(ctx.user, id, stored, values);
      if (problem) throw forbidden(problem.msg, problem.field);
      // The group as it is and as it would be: a group moved to the other side moves its users with it.
      for (const papel of [before?.papel, values.papel])
        if (papel && !mayAdministerSide(ctx.user, sideOfRoleKind(papel)))
          throw forbidden(ONLY_CELL_OTHER_SIDE_GROUP, 'papel');
      const row = before ? await updateGroup(tx, before, values) : await insertGroup(tx, id, values);
      const after = toGroupDto(row);
      await writeAudit(tx, {
        idUsuario: ctx.user.id,
        acao: before ? 'editar' : 'criar',
        entidade: 'grupo',
        entidadeId: id,
        antes: before ? toGroupDto(before) : null,
        depois: after,
        ip: ctx.ip,
      });
      return after;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw unprocessable(GROUP_CODE_TAKEN, 'id');
    throw err;
  }
}
