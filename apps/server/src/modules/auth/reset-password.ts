import type { Database } from '../../db/client.ts';
import { writeAudit } from '../../audit/audit.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { revokeAllSessions } from '../../auth/sessions.ts';
import { tokenHash } from '../../auth/tokens.ts';
import { badRequest } from '../../http/errors.ts';
import { consumeReset, setOwnPassword } from './repo.ts';

export const PASSWORD_RESET = 'Senha alterada com sucesso!';
export const INVALID_RESET_LINK = 'Link inválido ou expirado. Solicite uma nova recuperação de senha.';

/** Consumes a reset link once: sets the password and ends every open session of that user. */
export async function resetPassword(db: Database, hash: string, password: string, ip: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const reset = await consumeReset(tx, tokenHash(hash));
    if (!reset) throw badRequest(INVALID_RESET_LINK);
    await setOwnPassword(tx, reset.idUsuario, passwordHash);
    await revokeAllSessions(tx, reset.idUsuario);
    await writeAudit(tx, {
      idUsuario: reset.idUsuario,
      acao: 'redefinir-senha',
      entidade: 'usuario',
      entidadeId: reset.idUsuario,
      ip,
    });
  });
}
