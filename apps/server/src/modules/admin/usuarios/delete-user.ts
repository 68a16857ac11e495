import { writeAudit } from '../../../audit/audit.ts';
import { revokeAllSessions } from '../../../auth/sessions.ts';
import { userRemovalProblem, userSideProblem } from '@portal/domain';
import { forbidden, notFound, unprocessable } from '../../../http/errors.ts';
import type { ActorContext } from '../../../http/context.ts';
import { DELETED } from '../../../http/replies.ts';
import { companySideOf, deactivateUser, deleteUserRow, findUser, userHasHistory } from './repo.ts';

export const USER_DEACTIVATED =
  'O usuário possui solicitações ou histórico: foi desativado para preservar o histórico.';
export const SELF_DELETE = 'Você não pode apagar o seu próprio usuário.';

/** usuarios/delete: a user whose name is on requests or history is deactivated, so no history is lost. */
export async function deleteUser(
  ctx: ActorContext,
  id: number,
): Promise<{ msg: string; desativado: boolean }> {
  if (id === ctx.user.id) throw unprocessable(SELF_DELETE);
  return ctx.db.transaction(async (tx) => {
    const before = await findUser(tx, id);
    if (!before) throw notFound('Usuário não encontrado.');
    const problem = userRemovalProblem(ctx.user, before);
    if (problem) throw forbidden(problem);
    const place = { papel: before.papel, companySide: await companySideOf(tx, before.id_empresa) };
    const sideProblem = userSideProblem(ctx.user, place, undefined);
    if (sideProblem) throw forbidden(sideProblem.msg);
    const audit = { idUsuario: ctx.user.id, entidade: 'usuario', entidadeId: id, antes: before, ip: ctx.ip };
    if (await userHasHistory(tx, id)) {
      await deactivateUser(tx, id);
      await revokeAllSessions(tx, id);
      await writeAudit(tx, {
        ...audit,
        acao: 'desativar',
        depois: { ...before, id_status: false, version: before.version + 1 },
      });
      return { msg: USER_DEACTIVATED, desativado: true };
    }
    await deleteUserRow(tx, id);
    await writeAudit(tx, { ...audit, acao: 'apagar' });
    return { msg: DELETED, desativado: false };
  });
}
