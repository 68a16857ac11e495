import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { findUserRecord, isActiveUser } from '../../auth/session-user.ts';
import { newToken, tokenHash } from '../../auth/tokens.ts';
import type { TaskHandler } from '../../jobs/queue.ts';
import type { Mailer, MailMessage } from '../../mail/mailer.ts';
import { sendFromTask } from '../../mail/send-from-task.ts';
import { rekeyReset } from './repo.ts';

/** The queue's task kind of a password-recovery (or invitation) e-mail. */
export const RECOVERY_MAIL = 'email-recuperacao-senha';

/** Only the reset's id: no address, no token (docs/decisions/sign-in-and-sessions.md, D-AUTH-020). */
const recoveryMailData = z.object({ reset: z.number().int().positive() });
export type RecoveryMailData = z.infer<typeof recoveryMailData>;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const brasilia = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  dateStyle: 'short',
  timeStyle: 'short',
});

function composeRecoveryMail(
  user: { name: string; email: string },
  link: string,
  expiresAt: Date,
): MailMessage {
  const until = `${brasilia.format(expiresAt)} (horário de Brasília)`;
  return {
    to: user.email,
    subject: 'Recuperação de senha - Portal de Solicitações de UC',
    link,
    text: [
      `Olá, ${user.name}.`,
      '',
      'Recebemos um pedido para redefinir a sua senha no Portal de Solicitações de UC.',
      `Para criar uma nova senha, acesse: ${link}`,
      '',
      `O link vale até ${until} e pode ser usado uma única vez.`,
      'Se você não fez este pedido, ignore esta mensagem: sua senha continua a mesma.',
    ].join('\n'),
    html: `<p>Olá, ${escapeHtml(user.name)}.</p><p>Recebemos um pedido para redefinir a sua senha no Portal de Solicitações de UC.</p><p><a href="${link}">Criar uma nova senha</a></p><p>O link vale até ${until} e pode ser usado uma única vez. Se você não fez este pedido, ignore esta mensagem.</p>`,
  };
}

/**
 * Sends the link of a reset still unused and unexpired: draws its token now (the raw token lives
 * only in this call and the e-mail) and stores its hash. The validity still counts from the
 * request, and the e-mail says until when. Each attempt draws a new token, so the link of an
 * attempt that failed half-way never works. A reset superseded, used, expired, or of a user who may
 * no longer sign in sends nothing.
 */
export function recoveryMailHandler(deps: { db: Database; mailer: Mailer; publicUrl: string }): TaskHandler {
  return async (dados) => {
    const { reset } = recoveryMailData.parse(dados);
    const token = newToken();
    const row = await rekeyReset(deps.db, reset, tokenHash(token));
    if (!row) return;
    const record = await findUserRecord(deps.db, { id: row.idUsuario });
    if (!isActiveUser(record)) return;
    const link = `${deps.publicUrl}/recuperar-senha/${token}`;
    await sendFromTask(deps.mailer, composeRecoveryMail(record.user, link, row.expiresAt));
  };
}
