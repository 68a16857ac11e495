import { z } from 'zod';
import { flag, optionalId, recordId } from '../schemas/fields.ts';

/**
 * The bell's calls (issue 15): each user reads and marks only their own notices, and sets whether
 * status changes also reach them by e-mail. Declared once for the server's routes and the web.
 */

/** Notices per page of the bell's list, newest first. */
export const NOTIFICATIONS_PAGE = 30;

export const notificationRow = z.object({
  id: z.number(),
  id_solicitacao: z.number().nullable(),
  titulo: z.string(),
  mensagem: z.string(),
  /** A path inside the portal (the request's record). */
  link: z.string(),
  criada_em: z.string(),
  lida_em: z.string().nullable(),
});
export type NotificationRow = z.infer<typeof notificationRow>;

/** `antes`: the id of the oldest notice already shown, for the next page. */
export const notificationListQuery = z.object({ antes: optionalId('Antes') });

export const notificationListReply = z.object({
  error: z.literal(0),
  dados: z.array(notificationRow),
  /** More notices older than the last one here. */
  mais: z.boolean(),
  nao_lidas: z.number(),
  recebe_emails: z.boolean(),
});
export type NotificationListReply = z.infer<typeof notificationListReply>;

export const unreadCountReply = z.object({ error: z.literal(0), nao_lidas: z.number() });
export type UnreadCountReply = z.infer<typeof unreadCountReply>;

export const markReadBody = z.object({ id: recordId });
/** The unread count after the change, so the bell needs no second call. */
export const markReadReply = unreadCountReply;

export const emailPreferenceBody = z.object({ recebe_emails: flag('Receber e-mails') });
export const emailPreferenceReply = z.object({
  error: z.literal(0),
  msg: z.string(),
  recebe_emails: z.boolean(),
});
export type EmailPreferenceReply = z.infer<typeof emailPreferenceReply>;

export const NOTIFICATION_NOT_FOUND = 'Notificação não encontrada.';
export const EMAILS_ON = 'Você voltará a receber e-mails sobre suas solicitações.';
export const EMAILS_OFF = 'Você não receberá mais e-mails; os avisos continuam no sino.';
