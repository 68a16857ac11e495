import {
  AGE_BUCKETS,
  formInboxStatuses,
  OPEN_STATUSES,
  overviewForms,
  REQUEST_STATUSES,
  regionalLabel,
  statusGroupOf,
  todayInBrasilia,
  type Flow,
  type Kind,
  type SessionUser,
} from '@portal/domain';
import type { DashboardOverview, DashboardOverviewForm } from '@portal/domain/contracts/dashboard';
import type { Database } from '../../db/client.ts';
import { countInboxTasks } from './inbox-tasks.ts';
import { counters, inOneSnapshot, oldestAges, recentOpenCounts } from './repo.ts';
import { refusalsByReason } from './refusal-reasons-repo.ts';

/**
 * The dashboard's overview (GET /api/home/painel): the counters' totals per status, regional and
 * age bucket, how long the oldest request of each status the user acts on has waited, and the
 * rest of "Aguardando minha ação" (regularizations, post-approval stages, base confirmation).
 */
export async function dashboardOverview(
  db: Database,
  user: SessionUser,
  now = new Date(),
): Promise<DashboardOverview> {
  const forms = overviewForms(user);
  const today = todayInBrasilia(now);
  if (!forms.length) return { hoje: today, formularios: [], tarefas: await countInboxTasks(db, user) };
  const flows = [...new Set(forms.map((f) => f.flow))];
  const kinds = [...new Set(forms.map((f) => f.kind))];
  const pairs = forms.map((f) => ({ flow: f.flow, kind: f.kind }));

  return inOneSnapshot(db, async (tx) => {
    const rows = (await counters(tx, user, flows, kinds)).filter((r) =>
      pairs.some((p) => p.flow === r.fluxo && p.kind === r.tipo),
    );
    const totalOf = (flow: Flow, kind: Kind, statuses: readonly number[]) =>
      rows
        .filter((r) => r.fluxo === flow && r.tipo === kind && statuses.includes(r.status))
        .reduce((sum, r) => sum + r.total, 0);

    // Only the statuses with something waiting are looked into for their oldest request.
    const waiting = pairs.flatMap(({ flow, kind }) =>
      formInboxStatuses(user, flow)
        .map((status) => ({ flow, kind, status, total: totalOf(flow, kind, [status]) }))
        .filter((w) => w.total > 0),
    );
    const ages = waiting.length ? await oldestAges(tx, user, waiting, today) : [];
    const recent = await recentOpenCounts(tx, user, pairs, today);
    const refusals = await refusalsByReason(tx, user, pairs);
    const tarefas = await countInboxTasks(tx, user);

    return {
      hoje: today,
      formularios: pairs.map(({ flow, kind }): DashboardOverviewForm => {
        const r = recent.find((x) => x.fluxo === flow && x.tipo === kind) ?? { d7: 0, d30: 0, d90: 0 };
        const open = totalOf(flow, kind, OPEN_STATUSES);
        const byBucket = [r.d7, r.d30 - r.d7, r.d90 - r.d30, open - r.d90];
        const regional = new Map<string, DashboardOverviewForm['regionais'][number]>();
        for (const row of rows.filter((x) => x.fluxo === flow && x.tipo === kind)) {
          const grupo = statusGroupOf(row.status).key;
          const key = `${row.regional}:${grupo}`;
          const entry = regional.get(key) ?? {
            regional: row.regional,
            nome: row.sigla ? regionalLabel(row.sigla) : 'Sem regional',
            grupo,
            total: 0,
          };
          entry.total += row.total;
          regional.set(key, entry);
        }
        return {
          fluxo: flow,
          tipo: kind,
          status: REQUEST_STATUSES.map((status) => ({ status, total: totalOf(flow, kind, [status]) })),
          aguardando: formInboxStatuses(user, flow).map((status) => ({
            status,
            total: totalOf(flow, kind, [status]),
            mais_antiga_dias:
              ages.find((a) => a.fluxo === flow && a.tipo === kind && a.status === status)?.dias ?? null,
          })),
          idade: AGE_BUCKETS.map((b, i) => ({ faixa: b.key, total: Math.max(0, byBucket[i]!) })),
          regionais: [...regional.values()].sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR')),
          recusas: refusals
            .filter((x) => x.fluxo === flow && x.tipo === kind)
            .map(({ motivo, total }) => ({ motivo, total })),
        };
      }),
      tarefas,
    };
  });
}
