import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { passwordResets } from '../../db/schema.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { writeAudit } from '../../audit/audit.ts';
import { findUserRecord } from '../../auth/session-user.ts';
import { newToken, tokenHash } from '../../auth/tokens.ts';

/** The same answer whether or not the address exists, so it cannot be used to probe accounts. */
export const LOST_PASSWORD_ANSWER =
  'Caso seu e-mail esteja cadastrado, você receberá um link para alteração de sua senha.';

/**
 * E-mails a single-use link /recuperar-senha/{token}, valid for `validMinutes`, to an active user
 * of an active company.
 * A new link supersedes the older unused ones.
 */
export async function requestPasswordReset(
  deps: { db: Database; mailer: Mailer; publicUrl: string; validMinutes: number },
  email: string,
  ip: string,
): Promise<void> {
  const { db, mailer } = deps;
  const record = await findUserRecord(db, { email });
  // A user who may not sign in (inactive, or of an inactive company) gets no link either.
  if (!record?.ativo || !record.empresaAtiva) return;
  const token = newToken();
  await db.transaction(async (tx) => {
    await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.idUsuario, record.user.id), isNull(passwordResets.usedAt)));
    await tx.insert(passwordResets).values({
      idUsuario: record.user.id,
      tokenHash: tokenHash(token),
      expiresAt: sql`now() + make_interval(mins => ${deps.validMinutes})`,
    });
    await writeAudit(tx, { idUsuario: record.user.id, acao: 'recuperar-senha', entidade: 'usuario', entidadeId: record.user.id, ip });
  });
  const link = `${deps.publicUrl}/recuperar-senha/${token}`;
  await mailer.send({
    to: record.user.email,
    subject: 'Recuperação de senha - Portal de Solicitações de UC',
    link,
    text: [
      `Olá, ${record.user.name}.`,
      '',
      'Recebemos um pedido para redefinir a sua senha no Portal de Solicitações de UC.',
      `Para criar uma nova senha, acesse: ${link}`,
      '',
      `O link vale por ${deps.validMinutes} minutos e pode ser usado uma única vez.`,
      'Se você não fez este pedido, ignore esta mensagem: sua senha continua a mesma.',
    ].join('\n'),
    html: `<p>Olá, ${escapeHtml(record.user.name)}.</p><p>Recebemos um pedido para redefinir a sua senha no Portal de Solicitações de UC.</p><p><a href="${link}">Criar uma nova senha</a></p><p>O link vale por ${deps.validMinutes} minutos e pode ser usado uma única vez. Se você não fez este pedido, ignore esta mensagem.</p>`,
  });
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
