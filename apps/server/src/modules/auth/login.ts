import type { SessionUser } from '@portal/domain';
import type { Database } from '../../db/client.ts';
import { writeAudit } from '../../audit/audit.ts';
import { verifyPassword } from '../../auth/passwords.ts';
import { INACTIVE_COMPANY } from '../../auth/authenticate.ts';
import { findUserRecord } from '../../auth/session-user.ts';
import { startSession } from '../../auth/sessions.ts';
import { forbidden, unauthorized } from '../../http/errors.ts';

export const INVALID_CREDENTIALS = 'Usuário ou senha inválida!';
export const INACTIVE_USER = 'Usuário inativo. Procure o administrador do portal.';

/** Verifies the credentials and opens a session. Unknown address and wrong password answer alike. */
export async function login(
  db: Database,
  input: { email: string; password: string; ip: string },
): Promise<{ token: string; user: SessionUser }> {
  const record = await findUserRecord(db, { email: input.email });
  const valid = await verifyPassword(record?.passwordHash, input.password);
  if (!record || !valid) throw unauthorized(INVALID_CREDENTIALS);
  if (!record.ativo) throw forbidden(INACTIVE_USER);
  if (!record.empresaAtiva) throw forbidden(INACTIVE_COMPANY);
  // One transaction: a sign-in refused on the way (a busy database) leaves no session behind.
  const token = await db.transaction(async (tx) => {
    const started = await startSession(tx, record.user.id);
    await writeAudit(tx, {
      idUsuario: record.user.id,
      acao: 'login',
      entidade: 'usuario',
      entidadeId: record.user.id,
      ip: input.ip,
    });
    return started;
  });
  return { token, user: record.user };
}
