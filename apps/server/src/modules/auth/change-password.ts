import { eq } from 'drizzle-orm';
import type { SessionUser } from '@portal/domain';
import type { Database } from '../../db/client.ts';
import { usuarios } from '../../db/schema.ts';
import { writeAudit } from '../../audit/audit.ts';
import { hashPassword } from '../../auth/passwords.ts';

export const PASSWORD_CHANGED = 'Troca efetuada com sucesso!';

/** The signed-in user sets a new password; this also satisfies a forced change (trocar_senha 0 → 1). */
export async function changePassword(
  db: Database,
  user: SessionUser,
  password: string,
  ip: string,
): Promise<SessionUser> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx.update(usuarios).set({ passwordHash, trocarSenha: 1 }).where(eq(usuarios.id, user.id));
    await writeAudit(tx, { idUsuario: user.id, acao: 'trocar-senha', entidade: 'usuario', entidadeId: user.id, ip });
  });
  return { ...user, trocar_senha: 1 };
}
