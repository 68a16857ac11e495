import { creatorWindowOpen, type Authorship, type Flow, type Kind, type SessionUser } from '@portal/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import { statusChangeCount, type RequestRow } from './repo.ts';

/**
 * Who has worked on a request: its creator, how often it moved, and whether anyone else wrote to it.
 * Every write to a request leaves an audit row in its transaction (GUIDE §3), so the trail is the
 * one place that knows — read along audit_log_entidade_idx.
 */
export async function authorshipOf(
  db: DbOrTx,
  flow: Flow,
  kind: Kind,
  request: RequestRow,
): Promise<Authorship> {
  const [others] = await db
    .select({ one: sql<number>`1` })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entidade, `solicitacao.${flow}.${kind}`),
        eq(auditLog.entidadeId, String(request.id)),
        sql`${auditLog.idUsuario} is distinct from ${request.idUsuario}`,
      ),
    )
    .limit(1);
  return {
    status: request.status,
    idUsuario: request.idUsuario,
    statusChanges: await statusChangeCount(db, request.id),
    othersActed: others !== undefined,
  };
}

/** Whether this user may still correct or withdraw the request as its creator (deletion.ts); only creators pay the read. */
export const creatorWindowFor = async (
  db: DbOrTx,
  user: SessionUser,
  flow: Flow,
  kind: Kind,
  request: RequestRow,
): Promise<boolean> =>
  request.idUsuario === user.id && creatorWindowOpen(user, await authorshipOf(db, flow, kind, request));
