import { NOTIFICATIONS_PAGE, type NotificationRow } from '@portal/domain/contracts/notifications';
import type { SessionUser } from '@portal/domain';
import { and, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database, DbOrTx, Tx } from '../../db/client.ts';
import { notificacoes, regionais, solicitacoes, usuarios } from '../../db/schema.ts';
import { scoped } from '../../requests-core/scope-repo.ts';

// Every query of the bell is bound to the signed-in user's id: no call reads or marks another user's notice.

export async function listNotifications(
  db: Database,
  idUsuario: number,
  before?: number,
): Promise<{ rows: NotificationRow[]; more: boolean }> {
  const rows = await db
    .select({
      id: notificacoes.id,
      id_solicitacao: notificacoes.idSolicitacao,
      titulo: notificacoes.titulo,
      mensagem: notificacoes.mensagem,
      link: notificacoes.link,
      criadaEm: notificacoes.criadaEm,
      lidaEm: notificacoes.lidaEm,
    })
    .from(notificacoes)
    .where(and(eq(notificacoes.idUsuario, idUsuario), before ? lt(notificacoes.id, before) : undefined))
    .orderBy(desc(notificacoes.id))
    .limit(NOTIFICATIONS_PAGE + 1);
  return {
    rows: rows.slice(0, NOTIFICATIONS_PAGE).map(({ criadaEm, lidaEm, ...r }) => ({
      ...r,
      criada_em: criadaEm.toISOString(),
      lida_em: lidaEm?.toISOString() ?? null,
    })),
    more: rows.length > NOTIFICATIONS_PAGE,
  };
}

export async function countUnread(db: Database, idUsuario: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notificacoes)
    .where(and(eq(notificacoes.idUsuario, idUsuario), isNull(notificacoes.lidaEm)));
  return row?.n ?? 0;
}

/** Marks one of the user's notices read; false when the user has no notice with that id. */
export async function markRead(db: Database, idUsuario: number, id: number): Promise<boolean> {
  const [own] = await db
    .select({ id: notificacoes.id })
    .from(notificacoes)
    .where(and(eq(notificacoes.id, id), eq(notificacoes.idUsuario, idUsuario)));
  if (!own) return false;
  await db
    .update(notificacoes)
    .set({ lidaEm: new Date() })
    .where(and(eq(notificacoes.id, id), eq(notificacoes.idUsuario, idUsuario), isNull(notificacoes.lidaEm)));
  return true;
}

export async function markAllRead(db: Database, idUsuario: number): Promise<void> {
  await db
    .update(notificacoes)
    .set({ lidaEm: new Date() })
    .where(and(eq(notificacoes.idUsuario, idUsuario), isNull(notificacoes.lidaEm)));
}

export async function emailPreference(db: Database, idUsuario: number): Promise<boolean> {
  const [row] = await db
    .select({ recebeEmails: usuarios.recebeEmails })
    .from(usuarios)
    .where(eq(usuarios.id, idUsuario));
  return row?.recebeEmails ?? false;
}

export async function setEmailPreference(db: Database, idUsuario: number, on: boolean): Promise<void> {
  await db.update(usuarios).set({ recebeEmails: on }).where(eq(usuarios.id, idUsuario));
}

/** Who hears of a request's status change: its requester and its regional's focal points. */
export async function statusChangeAudience(tx: Tx, idSolicitacao: number) {
  const [request] = await tx
    .select({
      requesterId: solicitacoes.idUsuario,
      requesterEmail: usuarios.email,
      requesterActive: usuarios.ativo,
      regional: regionais.regional,
      focal: sql<
        (string | null)[]
      >`array[${regionais.focal1}, ${regionais.focal2}, ${regionais.focal3}, ${regionais.focal4}]`,
    })
    .from(solicitacoes)
    .innerJoin(usuarios, eq(usuarios.id, solicitacoes.idUsuario))
    .leftJoin(regionais, eq(regionais.id, solicitacoes.regional))
    .where(eq(solicitacoes.id, idSolicitacao));
  return request;
}

/** The active users holding these (lower-case) e-mail addresses. */
export const activeUsersByEmail = (tx: Tx, emails: string[]) =>
  tx
    .select({ id: usuarios.id })
    .from(usuarios)
    .where(and(inArray(sql`lower(${usuarios.email})`, emails), eq(usuarios.ativo, true)));

/** Whether the request lies in the user's scope. */
export async function requestInScope(tx: Tx, user: SessionUser, idSolicitacao: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: solicitacoes.id })
    .from(solicitacoes)
    .where(scoped(user, eq(solicitacoes.id, idSolicitacao)))
    .limit(1);
  return row !== undefined;
}

export async function addNotices(tx: Tx, notices: (typeof notificacoes.$inferInsert)[]): Promise<void> {
  await tx.insert(notificacoes).values(notices);
}

/** Whether the user holding this address (if any) is active and takes e-mails. */
export async function mailChoiceOf(db: DbOrTx, email: string) {
  const [user] = await db
    .select({ recebeEmails: usuarios.recebeEmails, ativo: usuarios.ativo })
    .from(usuarios)
    .where(eq(sql`lower(${usuarios.email})`, email.toLowerCase()));
  return user;
}
