import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { TaskHandler } from '../../jobs/queue.ts';
import type { Mailer, MailMessage } from '../../mail/mailer.ts';
import { sendFromTask } from '../../mail/send-from-task.ts';
import { mailChoiceOf } from './repo.ts';

/** The queue's task kind of a status-change e-mail. */
export const STATUS_MAIL = 'email-status-solicitacao';

/** What the save knew when it queued the e-mail; the text is written when it is sent. */
const statusMailData = z.object({
  para: z.string(),
  numero: z.number(),
  formulario: z.string(),
  status: z.string(),
  autor: z.string(),
  /** When the change was saved (ISO). */
  quando: z.string(),
  regional: z.string().nullable(),
  observacao: z.string().nullable(),
  /** The reason of a refusal or return; absent in e-mails queued before issue 34. */
  motivo: z.string().nullable().optional(),
  /** The record's path inside the portal; PUBLIC_URL makes it absolute. */
  caminho: z.string(),
});
export type StatusMailData = z.infer<typeof statusMailData>;

const brasilia = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  dateStyle: 'short',
  timeStyle: 'short',
});

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function composeStatusMail(d: StatusMailData, publicUrl: string): MailMessage {
  const link = `${publicUrl}${d.caminho}`;
  const when = brasilia.format(new Date(d.quando));
  const facts: [string, string][] = [
    ['Solicitação', `nº ${d.numero}`],
    ['Formulário', d.formulario],
    ['Novo status', d.status],
    ['Alterado por', d.autor],
    ['Quando', `${when} (horário de Brasília)`],
    ...(d.regional ? ([['Regional', d.regional]] as [string, string][]) : []),
    ...(d.motivo ? ([['Motivo da recusa', d.motivo]] as [string, string][]) : []),
    ...(d.observacao ? ([['Observação', d.observacao]] as [string, string][]) : []),
  ];
  const why =
    'Você recebe este e-mail por ser o solicitante ou ponto focal da regional desta solicitação. ' +
    'Para não receber mais, desligue "Receber e-mails" no sino de notificações do portal.';
  const text = [
    `A solicitação nº ${d.numero} (${d.formulario}) mudou de status: ${d.status}.`,
    '',
    ...facts.map(([k, v]) => `${k}: ${v}`),
    '',
    `Abrir a solicitação: ${link}`,
    '',
    why,
  ].join('\n');
  const html = [
    `<p>A solicitação nº ${d.numero} (${escapeHtml(d.formulario)}) mudou de status: <strong>${escapeHtml(d.status)}</strong>.</p>`,
    '<table>',
    ...facts.map(([k, v]) => `<tr><th align="left">${k}</th><td>${escapeHtml(v)}</td></tr>`),
    '</table>',
    `<p><a href="${escapeHtml(link)}">Abrir a solicitação nº ${d.numero}</a></p>`,
    `<p style="color:#555">${escapeHtml(why)}</p>`,
  ].join('\n');
  return {
    to: d.para,
    subject: `Solicitação nº ${d.numero} (${d.formulario}): ${d.status}`,
    text,
    html,
    link,
  };
}

/**
 * Sends one status-change e-mail, unless the address belongs to a user who turned e-mails off
 * (or is no longer active): the choice is read when the e-mail goes out, not when it was queued.
 * Addresses that are no user (a focal point outside the portal) always receive it.
 */
export function statusMailHandler(deps: { db: Database; mailer: Mailer; publicUrl: string }): TaskHandler {
  return async (dados) => {
    const data = statusMailData.parse(dados);
    const user = await mailChoiceOf(deps.db, data.para);
    if (user && (!user.recebeEmails || !user.ativo)) return;
    await sendFromTask(deps.mailer, composeStatusMail(data, deps.publicUrl));
  };
}
