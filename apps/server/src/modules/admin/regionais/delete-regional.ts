import { writeAudit } from '../../../audit/audit.ts';
import { notFound, unprocessable } from '../../../http/errors.ts';
import type { ActorContext } from '../../../http/context.ts';
import { DELETED } from '../../../http/replies.ts';
import {
  deleteRegionalRow,
  findRegional,
  regionalHasRequests,
  regionalHasUsers,
  toRegionalDto,
} from './repo.ts';

export const REGIONAL_IN_USE =
  'Esta Regional possui usuários ou solicitações vinculados e não pode ser apagada.';

/**
 * regional/delete. A regional has no inactive state, and deleting one in use would silently take it
 * from its users (the link cascades) and leave its requests pointing nowhere: that is refused instead.
 */
export async function deleteRegional(
  ctx: ActorContext,
  id: number,
): Promise<{ msg: string; desativado: boolean }> {
  return ctx.db.transaction(async (tx) => {
    const before = await findRegional(tx, id);
    if (!before) throw notFound('Regional não encontrada.');
    if ((await regionalHasUsers(tx, id)) || (await regionalHasRequests(tx, id))) {
      throw unprocessable(REGIONAL_IN_USE);
    }
    await deleteRegionalRow(tx, id);
    await writeAudit(tx, {
      idUsuario: ctx.user.id,
      acao: 'apagar',
      entidade: 'regional',
      entidadeId: id,
      antes: toRegionalDto(before),
      ip: ctx.ip,
    });
    return { msg: DELETED, desativado: false };
  });
}
