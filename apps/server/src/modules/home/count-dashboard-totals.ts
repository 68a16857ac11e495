import { DASHBOARD, dashboardGroups, type HomeTotals, type SessionUser } from '@portal/domain';
import type { Database } from '../../db/client.ts';
import { countByKindAndStatus } from '../../requests-core/counts-repo.ts';

/**
 * The dashboard counters (spec part 1 §2): energy requests in the user's scope and menu, by kind and status,
 * read off the per-scope counters (requests-core/counts-repo.ts) and mapped onto the domain's cards.
 */
export async function countDashboardTotals(db: Database, user: SessionUser): Promise<HomeTotals> {
  const shown = dashboardGroups(user);
  const statuses = [...new Set(shown.flatMap((g) => g.cards.map((c) => c.status)))];
  const rows = await countByKindAndStatus(
    db,
    user,
    'energia',
    shown.map((g) => g.kind),
    statuses,
  );
  const totals = {} as HomeTotals;
  for (const group of DASHBOARD) {
    for (const card of group.cards) {
      totals[card.total] = rows.find((r) => r.tipo === group.kind && r.status === card.status)?.total ?? 0;
    }
  }
  return totals;
}
