import { asc, eq, inArray } from 'drizzle-orm';
import type { Flow, Kind, SessionUser } from '@portal/domain';
import type { DbOrTx } from '../../db/client.ts';
import { solicitacoes } from '../../db/schema.ts';
import { requestListFilter, type ResolvedListFilter } from '../../requests-core/repo.ts';
import { scoped } from '../../requests-core/scope-repo.ts';

/** What a bulk move reads of a row before judging it: the rest is read again by its save. */
const columns = {
  id: solicitacoes.id,
  unidade: solicitacoes.unidade,
  status: solicitacoes.status,
  version: solicitacoes.version,
};
export type BulkRow = { id: number; unidade: string | null; status: number; version: number };

/** The chosen rows of this form the user may see; the others are absent (not found, whatever the reason). */
export const chosenRows = (db: DbOrTx, user: SessionUser, flow: Flow, kind: Kind, ids: number[]) =>
  db
    .select(columns)
    .from(solicitacoes)
    .where(
      scoped(user, eq(solicitacoes.fluxo, flow), eq(solicitacoes.tipo, kind), inArray(solicitacoes.id, ids)),
    );

/**
 * "All rows of this filter": the list's own where-clause (scope, form and filters), at most
 * `limit` rows in id order, so one past the move's limit tells that the filter holds too many.
 */
export const filteredRows = (
  db: DbOrTx,
  user: SessionUser,
  flow: Flow,
  kind: Kind,
  filter: ResolvedListFilter,
  limit: number,
) =>
  db
    .select(columns)
    .from(solicitacoes)
    .where(requestListFilter(user, flow, kind, filter))
    .orderBy(asc(solicitacoes.id))
    .limit(limit);
