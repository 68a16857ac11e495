import { and, count, eq, inArray } from 'drizzle-orm';
import { DASHBOARD, dashboardGroups, type HomeTotals, type SessionUser } from '@portal/domain';
import type { Database } from '../../db/client.ts';
import { solicitacoes } from '../../db/schema.ts';
import { scoped } from '../solicitacoes/scope.ts';

/**
 * The dashboard counters (spec part 1 §2): energy requests in the user's scope and menu, by kind and status,
 * counted in one grouped query and mapped onto the cards defined in the domain package.
 */
export async function countDashboardTotals(db: Database, user: SessionUser): Promise<HomeTotals> {
  const shown = dashboardGroups(user);
  const statuses = [...new Set(shown.flatMap((g) => g.cards.map((c) => c.status)))];
  const rows = await db
    .select({ tipo: solicitacoes.tipo, status: solicitacoes.status, total: count() })
    .from(solicitacoes)
    .where(
      scoped(
        user,
        and(
          eq(solicitacoes.fluxo, 'energia'),
          inArray(solicitacoes.tipo, shown.map((g) => g.kind)),
          inArray(solicitacoes.status, statuses),
        ),
      ),
    )
    .groupBy(solicitacoes.tipo, solicitacoes.status);
  const totals = {} as HomeTotals;
  for (const group of DASHBOARD) {
    for (const card of group.cards) {
      totals[card.total] = rows.find((r) => r.tipo === group.kind && r.status === card.status)?.total ?? 0;
    }
  }
  return totals;
}
