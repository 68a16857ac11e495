import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { POST_APPROVAL_FORM, STATUS, type Flow, type SessionUser } from '@portal/domain';
import type { DbOrTx } from '../../db/client.ts';
import { concessionarias, regularizacoes, solicitacoes } from '../../db/schema.ts';
import { inBase } from '../../requests-core/provider-base-repo.ts';
import { scoped } from '../../requests-core/scope-repo.ts';

/*
 * The inbox's counts outside the four request forms, each with the very conditions of the list its
 * row opens: the regularization list (every divergence of the flow: its screen has no scope), the
 * post-approval lists at 'Aguardando' and the base confirmation's two tabs, both in the user's scope.
 */

/** Divergences per flow and status, a missing status counted as 0 'Divergente' as the list does. */
export const regularizationCounts = (tx: DbOrTx, flows: Flow[]) =>
  tx
    .select({
      fluxo: regularizacoes.fluxo,
      status: sql<number>`coalesce(${regularizacoes.status}, 0)::int`,
      total: count(),
    })
    .from(regularizacoes)
    .where(inArray(regularizacoes.fluxo, flows))
    .groupBy(regularizacoes.fluxo, sql`2`);

/** Energy new units waiting at each post-approval stage, in the user's scope. */
export const postApprovalCounts = (tx: DbOrTx, user: SessionUser) =>
  tx
    .select({ etapa: solicitacoes.posEtapa, total: count() })
    .from(solicitacoes)
    .where(
      scoped(
        user,
        eq(solicitacoes.fluxo, POST_APPROVAL_FORM.flow),
        eq(solicitacoes.tipo, POST_APPROVAL_FORM.kind),
        sql`${solicitacoes.posEtapa} is not null`,
      ),
    )
    .groupBy(solicitacoes.posEtapa);

/** Approved requests (7) per flow in the user's scope, and how many of them the provider's base holds. */
export const approvedCounts = (tx: DbOrTx, user: SessionUser, flows: Flow[]) =>
  tx
    .select({
      fluxo: solicitacoes.fluxo,
      naBase: sql<number>`count(*) filter (where ${inBase})::int`,
      total: count(),
    })
    .from(solicitacoes)
    .leftJoin(concessionarias, eq(concessionarias.id, solicitacoes.idConcessionaria))
    .where(and(scoped(user, eq(solicitacoes.status, STATUS.APROVADA)), inArray(solicitacoes.fluxo, flows)))
    .groupBy(solicitacoes.fluxo);
