import { writeAudit } from '../../../audit/audit.ts';
import { userSideProblem } from '@portal/domain';
import { forbidden, notFound, unprocessable } from '../../../http/errors.ts';
import { requestPasswordReset } from '../../auth/lost-password.ts';
import type { ActorContext } from '../../../http/context.ts';
import { companySideOf, findUser } from './repo.ts';

export const INACTIVE_NO_RESET = 'Usuário inativo: ative-o antes de enviar a redefinição de senha.';

export interface ResetDeps {
  validMinutes: number;
}

/**
 * An administrator sends a user the same single-use link as "Esqueci minha senha"
 * (requestPasswordReset records the link and queues its e-mail in its own transaction; this records who
 * asked for it).
 */
export async function sendPasswordReset(ctx: ActorContext, deps: ResetDeps, id: number): Promise<string> {
  const user = await findUser(ctx.db, id);
  if (!user) throw notFound('Usuário não encontrado.');
  const sideProblem = userSideProblem(
    ctx.user,
    { papel: user.papel, companySide: await companySideOf(ctx.db, user.id_empresa) },
    undefined,
  );
  if (sideProblem) throw forbidden(sideProblem.msg);
  if (!user.id_status) throw unprocessable(INACTIVE_NO_RESET);
  await requestPasswordReset({ db: ctx.db, ...deps }, user.email, ctx.ip);
  await writeAudit(ctx.db, {
    idUsuario: ctx.user.id,
    acao: 'enviar-redefinicao-senha',
    entidade: 'usuario',
    entidadeId: id,
    ip: ctx.ip,
  });
  return `E-mail de redefinição de senha enviado para ${user.email}.`;
}
