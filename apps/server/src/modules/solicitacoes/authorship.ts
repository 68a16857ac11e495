import { creatorWindowOpen, type Authorship, type Flow, type Kind, type SessionUser } from '@portal/domain';
import type { DbOrTx } from '../../db/client.ts';
import { othersWroteTo, statusChangeCount, type RequestRow } from '../../requests-core/repo.ts';

/** Who has worked on a request: its creator, how often it moved, and whether anyone else wrote to it. */
export async function authorshipOf(
  db: DbOrTx,
  flow: Flow,
  kind: Kind,
  request: RequestRow,
): Promise<Authorship> {
  return {
    status: request.status,
    idUsuario: request.idUsuario,
    statusChanges: await statusChangeCount(db, request.id),
    othersActed: await othersWroteTo(db, flow, kind, request),
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
