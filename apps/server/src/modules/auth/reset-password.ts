import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { passwordResets, usuarios } from '../../db/schema.ts';
import { writeAudit } from '../../audit/audit.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { revokeAllSessions } from '../../auth/sessions.ts';
import { tokenHash } from '../../auth/tokens.ts';
import { badRequest } from '../../http/errors.ts';

export const PASSWORD_RESET = 'Senha alterada com sucesso!';
export const INVALID_RESET_LINK = 'Link inválido ou expirado. Solicite uma nova recuperação de senha.';

/** Consumes a reset link once: sets the password and ends every open session of that user. */
export async function resetPassword(db: Database, hash: string, password: string, ip: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResets.tokenHash, tokenHash(hash)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, sql`now()`),
        ),
      )
      .returning({ idUsuario: passwordResets.idUsuario });
    if (!reset) throw badRequest(INVALID_RESET_LINK);
    await tx.update(usuarios).set({ passwordHash, trocarSenha: 1 }).where(eq(usuarios.id, reset.idUsuario));
    await revokeAllSessions(tx, reset.idUsuario);
    await writeAudit(tx, { idUsuario: reset.idUsuario, acao: 'redefinir-senha', entidade: 'usuario', entidadeId: reset.idUsuario, ip });
  });
}
