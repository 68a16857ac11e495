import { and, desc, eq, sql } from 'drizzle-orm';
import type { Flow, Kind, SessionUser } from '@portal/domain';
import type { DbOrTx } from '../../db/client.ts';
import { regularizacoes, solicitacoes } from '../../db/schema.ts';
import {
  REGULARIZATION_SEARCH,
  REQUEST_SEARCH,
  searchCondition,
  type ResolvedSearch,
} from '../../db/text-search.ts';
import { scopeOf } from '../solicitacoes/scope.ts';

/** A form's newest matches within the session's scope (the lists' single scope builder). */
export const findRequests = (
  db: DbOrTx,
  user: SessionUser,
  flow: Flow,
  kind: Kind,
  search: ResolvedSearch,
  limit: number,
) =>
  db
    .select({
      id: solicitacoes.id,
      status: solicitacoes.status,
      unidade: solicitacoes.unidade,
      endereco_id: solicitacoes.enderecoId,
      site_id: solicitacoes.siteId,
      endereco: solicitacoes.endereco,
      numero: solicitacoes.numero,
      bairro: solicitacoes.bairro,
      cidade: solicitacoes.municipio,
      uf: solicitacoes.uf,
    })
    .from(solicitacoes)
    .where(
      and(
        scopeOf(user),
        eq(solicitacoes.fluxo, flow),
        eq(solicitacoes.tipo, kind),
        searchCondition(REQUEST_SEARCH, search),
      ),
    )
    .orderBy(desc(solicitacoes.dataPedido), desc(solicitacoes.id))
    .limit(limit);

/** A flow's newest matching regularizations (whoever opens the list sees all of them). */
export const findRegularizations = (db: DbOrTx, flow: Flow, search: ResolvedSearch, limit: number) =>
  db
    .select({
      id: regularizacoes.id,
      status: sql<number>`coalesce(${regularizacoes.status}, 0)`,
      unidade: regularizacoes.unidade,
      endereco_id: regularizacoes.enderecoId,
      site_id: regularizacoes.siteId,
      endereco: regularizacoes.endereco,
      numero: regularizacoes.numero,
      bairro: regularizacoes.bairro,
      cidade: regularizacoes.cidade,
      uf: regularizacoes.uf,
    })
    .from(regularizacoes)
    .where(and(eq(regularizacoes.fluxo, flow), searchCondition(REGULARIZATION_SEARCH, search)))
    .orderBy(desc(regularizacoes.id))
    .limit(limit);
