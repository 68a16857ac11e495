import { NOTIFICATIONS_PAGE, type NotificationRow } from '@portal/domain/contracts/notifications';
import { and, count, desc, eq, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { notificacoes, usuarios } from '../../db/schema.ts';

// Every query is bound to the signed-in user's id: no call reads or marks another user's notice.

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
