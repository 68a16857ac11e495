import type { Mailer, MailMessage } from './mailer.ts';

/** `maria.souza@empresa.com.br` → `ma***@empresa.com.br`: the domain, where delivery problems live. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 0) return '***';
  const local = address.slice(0, at);
  return `${local.slice(0, local.length > 2 ? 2 : 1)}***${address.slice(at)}`;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Sends a message on behalf of a queue task. A failure's text is stored in fila_tarefas, logged
 * and shown to administrators, so the recipient (masked) and the link (a password link is a
 * credential) are taken out of it first; an SMTP refusal often quotes the address.
 */
export async function sendFromTask(mailer: Mailer, message: MailMessage): Promise<void> {
  try {
    await mailer.send(message);
  } catch (err) {
    let text = err instanceof Error ? err.message : String(err);
    if (message.link) {
      text = text.replaceAll(message.link, '[link]');
      // A password link's token is its last segment (base64url, the same URL-encoded): an error may
      // quote it alone, encoded, or in a link with another scheme.
      const token = message.link.slice(message.link.lastIndexOf('/') + 1);
      if (token) text = text.replaceAll(token, '[link]');
    }
    text = text.replace(new RegExp(escapeRegExp(message.to), 'gi'), maskEmail(message.to));
    throw new Error(text || 'erro sem mensagem');
  }
}
