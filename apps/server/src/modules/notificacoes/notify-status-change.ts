import {
  editPathFor,
  formAccessProblem,
  requestForm,
  statusLabel,
  type Flow,
  type Kind,
  type SessionUser,
} from '@portal/domain';
import type { Tx } from '../../db/client.ts';
import { findUserRecord } from '../../auth/session-user.ts';
import { enqueue } from '../../jobs/queue.ts';
import { statusLabelsOf } from '../../requests-core/status-labels-repo.ts';
import { activeUsersByEmail, addNotices, requestInScope, statusChangeAudience } from './repo.ts';
import { STATUS_MAIL, type StatusMailData } from './status-mail.ts';

export interface StatusChange {
  id: number;
  flow: Flow;
  kind: Kind;
  status: number;
  actor: Pick<SessionUser, 'id' | 'name' | 'email'>;
  /** The observation saved with the change (a refusal's reason), shown in the notice. */
  observacao?: string;
  /** Why it was refused or returned (reasonText), for a refusing move (issue 34 step 3). */
  motivo?: string;
}

const lower = (email: string) => email.trim().toLowerCase();

/** Whether the user may open the request: the form is theirs and the row lies in their scope. */
async function mayOpen(tx: Tx, userId: number, change: StatusChange): Promise<boolean> {
  const record = await findUserRecord(tx, { id: userId });
  if (!record?.empresaAtiva || formAccessProblem(record.user, change.flow, change.kind)) return false;
  return requestInScope(tx, record.user, change.id);
}

/**
 * Tells the request's requester and its regional's focal points (focal1–4, spec part 2 §3
 * Regional) that its status changed: an in-app notice for each of them who is an active user, and
 * one e-mail task per address, both written in the save's transaction so they exist exactly when
 * the change committed. Whoever made the change is told nothing about it.
 */
export async function notifyStatusChange(tx: Tx, change: StatusChange): Promise<void> {
  const request = await statusChangeAudience(tx, change.id);
  if (!request) return;

  const actorEmail = lower(change.actor.email);
  const focalEmails = (request.focal ?? []).filter((e): e is string => !!e?.trim()).map(lower);
  const addresses = [...new Set([lower(request.requesterEmail), ...focalEmails])].filter(
    (a) => a !== actorEmail,
  );

  // The portal's users among the focal points, by e-mail; the requester is one by definition.
  const focalUsers = focalEmails.length ? await activeUsersByEmail(tx, focalEmails) : [];
  const candidates = [
    ...new Set([...(request.requesterActive ? [request.requesterId] : []), ...focalUsers.map((u) => u.id)]),
  ].filter((id) => id !== change.actor.id);
  // A focal point is a free-typed address: its user gets the notice only if they may open the request.
  const userIds: number[] = [];
  for (const id of candidates) if (await mayOpen(tx, id, change)) userIds.push(id);
  if (addresses.length === 0 && userIds.length === 0) return;

  const form = requestForm(change.flow, change.kind);
  const label =
    (await statusLabelsOf(tx, change.flow, change.kind)).get(change.status) ??
    statusLabel(change.status, change.flow, change.kind);
  const link = editPathFor(form, change.id);
  const observacao = change.observacao?.trim() || undefined;
  const motivo = change.motivo?.trim() || undefined;

  if (userIds.length > 0) {
    await addNotices(
      tx,
      userIds.map((idUsuario) => ({
        idUsuario,
        idSolicitacao: change.id,
        titulo: `Solicitação nº ${change.id}: ${label}`.slice(0, 200),
        mensagem: `${form.title} · status alterado por ${change.actor.name}.${motivo ? ` Motivo: ${motivo}.` : ''}${observacao ? ` Observação: ${observacao}` : ''}`,
        link,
      })),
    );
  }
  const mail: Omit<StatusMailData, 'para'> = {
    numero: change.id,
    formulario: form.title,
    status: label,
    autor: change.actor.name,
    quando: new Date().toISOString(),
    regional: request.regional ?? null,
    observacao: observacao ?? null,
    motivo: motivo ?? null,
    caminho: link,
  };
  for (const para of addresses) await enqueue(tx, STATUS_MAIL, { para, ...mail } satisfies StatusMailData);
}
