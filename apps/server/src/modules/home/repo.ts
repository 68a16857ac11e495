import { sql, type SQL } from 'drizzle-orm';
import { addDays, AGE_BUCKETS, OPEN_STATUSES, type Flow, type Kind, type SessionUser } from '@portal/domain';
import type { Database, DbOrTx } from '../../db/client.ts';
import { regionais, solicitacoes, solicitacoesContagem } from '../../db/schema.ts';
import { scopeOf } from '../../requests-core/scope-repo.ts';

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
export async function counters(tx: DbOrTx, user: SessionUser, flows: Flow[], kinds: Kind[]) {
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

/**
 * Runs the overview's reads in one read-only snapshot, so the numbers add up. A few thousand index
 * entries per form: starting parallel workers costs more than counting them.
 */
export const inOneSnapshot = <T>(db: Database, read: (tx: DbOrTx) => Promise<T>) =>
  db.transaction(
    async (tx) => {
      await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
      return read(tx);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );

/** Days since the oldest request of each (form, status) asked. */
export const oldestAges = async (
  tx: DbOrTx,
  user: SessionUser,
  wanted: { flow: Flow; kind: Kind; status: number }[],
  today: string,
) =>
  rowsOf<{ fluxo: Flow; tipo: Kind; status: number; dias: number | null }>(
    await tx.execute(oldestQuery(user, wanted, today)),
  );

/** Open requests of each form entered in the last 7, 30 and 90 days. */
export const recentOpenCounts = async (
  tx: DbOrTx,
  user: SessionUser,
  forms: { flow: Flow; kind: Kind }[],
  today: string,
) =>
  rowsOf<{ fluxo: Flow; tipo: Kind; d7: number; d30: number; d90: number }>(
    await tx.execute(recentOpenQuery(user, forms, today)),
  );
