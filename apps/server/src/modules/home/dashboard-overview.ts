import { sql, type SQL } from 'drizzle-orm';
import {
  addDays,
  AGE_BUCKETS,
  myQueueStatuses,
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
import type { Database, DbOrTx } from '../../db/client.ts';
import { regionais, solicitacoes, solicitacoesContagem } from '../../db/schema.ts';
import { scopeOf } from '../solicitacoes/scope.ts';

/*
 * The dashboard's overview (GET /api/home/painel). Counts come off the per-scope counters
 * (solicitacoes_contagem, kept by a trigger): a sum of a few rows. Only two things read the
 * requests themselves, each a short index range: the open requests of the last 90 days (the
 * older bucket is the counters' open total minus those), and the oldest request date of each
 * status the user acts on. All three read one snapshot, so the numbers add up.
 */

const ZONE = sql.raw(`'America/Sao_Paulo'`);
const COUNTER_COLUMNS = { regional: solicitacoesContagem.regional, empresa: solicitacoesContagem.idEmpresa };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

interface CounterRow {
  fluxo: Flow;
  tipo: Kind;
  status: number;
  regional: number;
  sigla: string | null;
  total: number;
}

/** Counter rows of the user's scope, per form, status and regional. */
async function counters(tx: DbOrTx, user: SessionUser, flows: Flow[], kinds: Kind[]) {
  const c = solicitacoesContagem;
  return rowsOf<CounterRow>(
    await tx.execute(sql`
      select ${c.fluxo} as fluxo, ${c.tipo} as tipo, ${c.status}::int as status, ${c.regional} as regional,
             ${regionais.regional} as sigla, sum(${c.total})::int as total
      from ${c} left join ${regionais} on ${regionais.id} = ${c.regional}
      where ${scopeOf(user, COUNTER_COLUMNS)}
        and ${c.fluxo} = any(${sql.param(flows)}) and ${c.tipo} = any(${sql.param(kinds)}) and ${c.total} <> 0
      group by 1, 2, 3, 4, 5`),
  );
}

/** The start of a Brasília calendar day, as the timestamp data_pedido is compared with. */
const startOf = (isoDate: string) => sql`(${isoDate}::date)::timestamp at time zone ${ZONE}`;

/**
 * Open requests of each form entered since each bucket's start (the last 90 days only). One
 * select per form, with the form's values in it, so the planner estimates each from its own
 * statistics (through unnest() it would guess, and read the wrong index).
 */
export function recentOpenQuery(user: SessionUser, forms: { flow: Flow; kind: Kind }[], today: string): SQL {
  const s = solicitacoes;
  const since = (days: number) => startOf(addDays(today, -days));
  const [d7, d30, d90] = AGE_BUCKETS.slice(0, 3).map((b) => b.maxDays!) as [number, number, number];
  const perForm = forms.map(
    ({ flow, kind }) => sql`
      select ${flow}::text as fluxo, ${kind}::text as tipo,
             count(*) filter (where ${s.dataPedido} >= ${since(d7)})::int as d7,
             count(*) filter (where ${s.dataPedido} >= ${since(d30)})::int as d30,
             count(*)::int as d90
      from ${s}
      where ${s.fluxo} = ${flow} and ${s.tipo} = ${kind}
        and ${s.status} = any(${sql.param([...OPEN_STATUSES])}::smallint[])
        and ${s.dataPedido} >= ${since(d90)}
        and ${scopeOf(user)}`,
  );
  return sql.join(perForm, sql` union all `);
}

/** Days since the oldest request date in each (form, status) asked, in the user's scope. */
export function oldestQuery(
  user: SessionUser,
  wanted: { flow: Flow; kind: Kind; status: number }[],
  today: string,
): SQL {
  const s = solicitacoes;
  return sql`
      select q.fluxo, q.tipo, q.status,
             -- Never below 0: a request dated past the app's today (the database's clock ahead) is new, not an error.
             greatest(0, ${today}::date - ((select min(${s.dataPedido}) from ${s}
                                where ${s.fluxo} = q.fluxo and ${s.tipo} = q.tipo and ${s.status} = q.status
                                  and ${scopeOf(user)}) at time zone ${ZONE})::date) as dias
      from unnest(${sql.param(wanted.map((w) => w.flow))}::text[], ${sql.param(wanted.map((w) => w.kind))}::text[],
                  ${sql.param(wanted.map((w) => w.status))}::smallint[]) as q(fluxo, tipo, status)`;
}

export async function dashboardOverview(
  db: Database,
  user: SessionUser,
  now = new Date(),
): Promise<DashboardOverview> {
  const forms = overviewForms(user);
  const today = todayInBrasilia(now);
  if (!forms.length) return { hoje: today, formularios: [] };
  const flows = [...new Set(forms.map((f) => f.flow))];
  const kinds = [...new Set(forms.map((f) => f.kind))];
  const pairs = forms.map((f) => ({ flow: f.flow, kind: f.kind }));

  return db.transaction(
    async (tx) => {
      // A few thousand index entries per form: starting parallel workers costs more than counting them.
      await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
      const rows = (await counters(tx, user, flows, kinds)).filter((r) =>
        pairs.some((p) => p.flow === r.fluxo && p.kind === r.tipo),
      );
      const totalOf = (flow: Flow, kind: Kind, statuses: readonly number[]) =>
        rows
          .filter((r) => r.fluxo === flow && r.tipo === kind && statuses.includes(r.status))
          .reduce((sum, r) => sum + r.total, 0);

      // Only the statuses with something waiting are looked into for their oldest request.
      const waiting = pairs.flatMap(({ flow, kind }) =>
        myQueueStatuses(user, flow)
          .map((status) => ({ flow, kind, status, total: totalOf(flow, kind, [status]) }))
          .filter((w) => w.total > 0),
      );
      const ages = waiting.length
        ? rowsOf<{ fluxo: Flow; tipo: Kind; status: number; dias: number | null }>(
            await tx.execute(oldestQuery(user, waiting, today)),
          )
        : [];
      const recent = rowsOf<{ fluxo: Flow; tipo: Kind; d7: number; d30: number; d90: number }>(
        await tx.execute(recentOpenQuery(user, pairs, today)),
      );

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
            aguardando: myQueueStatuses(user, flow).map((status) => ({
              status,
              total: totalOf(flow, kind, [status]),
              mais_antiga_dias:
                ages.find((a) => a.fluxo === flow && a.tipo === kind && a.status === status)?.dias ?? null,
            })),
            idade: AGE_BUCKETS.map((b, i) => ({ faixa: b.key, total: Math.max(0, byBucket[i]!) })),
            regionais: [...regional.values()].sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR')),
          };
        }),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
