import type { SessionUser } from '@portal/domain';
import type { Database } from '../../db/client.ts';
import { writeAudit } from '../../audit/audit.ts';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import { findUserRecord } from '../../auth/session-user.ts';
import { revokeOtherSessions } from '../../auth/sessions.ts';
import { unprocessable } from '../../http/errors.ts';
import { setOwnPassword } from './repo.ts';

export const PASSWORD_CHANGED = 'Troca efetuada com sucesso!';
export const WRONG_CURRENT_PASSWORD = 'Senha atual incorreta.';

/**
 * The signed-in user sets a new password, proving the current one; this also satisfies a forced
 * change (trocar_senha 0 → 1). Every other session of the user ends: whoever else held one is out.
 */
export async function changePassword(
  db: Database,
  session: { user: SessionUser; token: string },
  input: { senhaAtual: string; password: string; ip: string },
): Promise<SessionUser> {
  const { user } = session;
  const record = await findUserRecord(db, { id: user.id });
  if (!(await verifyPassword(record?.passwordHash, input.senhaAtual))) {
    throw unprocessable(WRONG_CURRENT_PASSWORD, 'senha_atual');
  }
  const passwordHash = await hashPassword(input.password);
  const ip = input.ip;
  await db.transaction(async (tx) => {
    await setOwnPassword(tx, user.id, passwordHash);
    await revokeOtherSessions(tx, user.id, session.token);
    await writeAudit(tx, {
      idUsuario: user.id,
      acao: 'trocar-senha',
      entidade: 'usuario',
      entidadeId: user.id,
      ip,
    });
  });
  return { ...user, trocar_senha: 1 };
}
