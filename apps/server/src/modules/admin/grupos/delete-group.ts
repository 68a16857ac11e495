import { writeAudit } from '../../../audit/audit.ts';
import { groupRemovalProblem } from '@portal/domain';
import { forbidden, notFound, unprocessable } from '../../../http/errors.ts';
import type { ActorContext } from '../../../http/context.ts';
import { DELETED } from '../../../http/replies.ts';
import { deleteGroupRow, findGroup, groupHasUsers, groupHoldsAdministrator, toGroupDto } from './repo.ts';

export const GROUP_HAS_USERS =
  'Este Grupo de Acesso possui usuários e não pode ser apagado. Mova os usuários para outro grupo antes.';

/** grupos/delete: only a group nobody belongs to (a user's access is defined by the group). */
export async function deleteGroup(
  ctx: ActorContext,
  id: number,
): Promise<{ msg: string; desativado: boolean }> {
  return ctx.db.transaction(async (tx) => {
    const before = await findGroup(tx, id);
    if (!before) throw notFound('Grupo de Acesso não encontrado.');
    const problem = groupRemovalProblem(ctx.user, {
      papel: before.papel,
      holdsAdministrator: await groupHoldsAdministrator(tx, id),
    });
    if (problem) throw forbidden(problem);
    if (await groupHasUsers(tx, id)) throw unprocessable(GROUP_HAS_USERS);
    await deleteGroupRow(tx, id);
    await writeAudit(tx, {
      idUsuario: ctx.user.id,
      acao: 'apagar',
      entidade: 'grupo',
      entidadeId: id,
      antes: toGroupDto(before),
      ip: ctx.ip,
    });
    return { msg: DELETED, desativado: false };
  });
}
