import { and, eq, sql } from 'drizzle-orm';
import type { Flow, Kind, SessionUser } from '@portal/domain';
import type { DbOrTx } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { solicitacoes, solicitacoesContagem } from '../../db/schema.ts';
import { scopeOf, scopeShape, scopeValues } from './scope.ts';

/*
 * Totals read off the per-scope counters (schema.ts `solicitacoesContagem`, kept by a trigger):
 * a sum of a few rows instead of a count over the requests. The scope is scope.ts's, applied to
 * the counters' regional and company columns (0 stands for none).
 */
const COUNTER_COLUMNS = { regional: solicitacoesContagem.regional, empresa: solicitacoesContagem.idEmpresa };
const counterScope = (user: SessionUser) => scopeOf(user, COUNTER_COLUMNS, { prepared: true });

const total = sql<number>`coalesce(sum(${solicitacoesContagem.total}), 0)::int`;

/** Which filters a total is read with, besides the form and the scope. */
export interface CounterFilter {
  byStatus: boolean;
  byRegional: boolean;
}

/**
 * The counter rows of a form in this user's scope (placeholders: flow, kind, status — an array of
 * codes — and regional). The regional filter is one more condition beside the scope: it narrows it.
 */
const formCounters = (user: SessionUser, filter: CounterFilter) =>
  and(
    counterScope(user),
    eq(solicitacoesContagem.fluxo, sql.placeholder('flow')),
    eq(solicitacoesContagem.tipo, sql.placeholder('kind')),
    filter.byStatus ? sql`${solicitacoesContagem.status} = any(${sql.placeholder('status')})` : undefined,
    filter.byRegional ? eq(solicitacoesContagem.regional, sql.placeholder('regional')) : undefined,
  );

/** How many requests of a form this user may see, as a value of another statement (a list page's). */
export const formTotal = (user: SessionUser, filter: CounterFilter) =>
  sql<number>`(select ${total} from ${solicitacoesContagem} where ${formCounters(user, filter)})`;

/** How many requests of a form this user may see: in one status, any of several, or all; in one regional or all. */
export async function countRequests(
  db: DbOrTx,
  user: SessionUser,
  form: { flow: Flow; kind: Kind },
  status?: number | readonly number[],
  regional?: number,
): Promise<number> {
  const filter = { byStatus: status !== undefined, byRegional: regional !== undefined };
  const name = `contagem:${scopeShape(user)}:${filter.byStatus ? 'status' : 'todos'}${filter.byRegional ? ':regional' : ''}`;
  const statement = prepared(db, name, (name) =>
    db.select({ total }).from(solicitacoesContagem).where(formCounters(user, filter)).prepare(name),
  );
  const codes = typeof status === 'number' ? [status] : status;
  const [row] = await statement.execute({ ...scopeValues(user), ...form, status: codes, regional });
  return row?.total ?? 0;
}

/** The dashboard's totals: per kind and status of one flow, in this user's scope. */
export function countByKindAndStatus(
  db: DbOrTx,
  user: SessionUser,
  flow: Flow,
  kinds: Kind[],
  statuses: number[],
) {
  const statement = prepared(db, `contagem_painel:${scopeShape(user)}`, (name) =>
    db
      .select({ tipo: solicitacoesContagem.tipo, status: solicitacoesContagem.status, total })
      .from(solicitacoesContagem)
      .where(
        and(
          counterScope(user),
          eq(solicitacoesContagem.fluxo, sql.placeholder('flow')),
          sql`${solicitacoesContagem.tipo} = any(${sql.placeholder('kinds')})`,
          sql`${solicitacoesContagem.status} = any(${sql.placeholder('statuses')})`,
        ),
      )
      .groupBy(solicitacoesContagem.tipo, solicitacoesContagem.status)
      .prepare(name),
  );
  return statement.execute({ ...scopeValues(user), flow, kinds, statuses });
}

/** Counter rows that disagree with a recount of the requests (empty when they agree). */
export async function counterDrift(db: DbOrTx) {
  const result = await db.execute(sql`
    with recount as (
      select fluxo, tipo, status, coalesce(regional, 0) as regional, coalesce(id_empresa, 0) as id_empresa,
             count(*)::int as total
      from ${solicitacoes} group by 1, 2, 3, 4, 5
    )
    select coalesce(c.fluxo, r.fluxo) as fluxo, coalesce(c.tipo, r.tipo) as tipo,
           coalesce(c.status, r.status) as status, coalesce(c.regional, r.regional) as regional,
           coalesce(c.id_empresa, r.id_empresa) as id_empresa,
           coalesce(c.total, 0) as contado, coalesce(r.total, 0) as recontado
    from ${solicitacoesContagem} c
    full join recount r
      on r.fluxo = c.fluxo and r.tipo = c.tipo and r.status = c.status
     and r.regional = c.regional and r.id_empresa = c.id_empresa
    where coalesce(c.total, 0) <> coalesce(r.total, 0)`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows;
}
