import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Flow, Kind, SessionUser } from '@portal/domain';
import type { DbOrTx } from '../db/client.ts';
import { prepared } from '../db/prepared.ts';
import { solicitacoes, solicitacoesContagem } from '../db/schema.ts';
import { scopeOf, scopeShape, scopeValues } from './scope-repo.ts';

/*
 * Totals read off the per-scope counters (schema.ts `solicitacoesContagem`, kept by a trigger):
 * a sum of a few rows instead of a count over the requests. The scope is scope-repo.ts's, applied to
 * the counters' regional and company columns (0 stands for none).
 */
const COUNTER_COLUMNS = { regional: solicitacoesContagem.regional, empresa: solicitacoesContagem.idEmpresa };
const counterScope = (user: SessionUser) => scopeOf(user, COUNTER_COLUMNS, { prepared: true });

const total = sql<number>`coalesce(sum(${solicitacoesContagem.total}), 0)::int`;

/** Which filters a total is read with, besides the form and the scope. */
export interface CounterFilter {
  byStatus: boolean;
  byRegional: boolean;
  byUf?: boolean;
  byConcessionaria?: boolean;
}

/**
 * The counter rows of a form in this user's scope (placeholders: flow, kind, status — an array of
 * codes —, regional, uf and concessionaria). The regional filter is one more condition beside the
 * scope: it narrows it.
 */
const formCounters = (user: SessionUser, filter: CounterFilter) =>
  and(
    counterScope(user),
    eq(solicitacoesContagem.fluxo, sql.placeholder('flow')),
    eq(solicitacoesContagem.tipo, sql.placeholder('kind')),
    filter.byStatus ? sql`${solicitacoesContagem.status} = any(${sql.placeholder('status')})` : undefined,
    filter.byRegional ? eq(solicitacoesContagem.regional, sql.placeholder('regional')) : undefined,
    filter.byUf ? eq(solicitacoesContagem.uf, sql.placeholder('uf')) : undefined,
    filter.byConcessionaria
      ? eq(solicitacoesContagem.idConcessionaria, sql.placeholder('concessionaria'))
      : undefined,
  );

/** How many requests of a form this user may see, as a value of another statement (a list page's). */
export const formTotal = (user: SessionUser, filter: CounterFilter) =>
  sql<number>`(select ${total} from ${solicitacoesContagem} where ${formCounters(user, filter)})`;

/** The filters the counters know: status (one code or several), regional, UF and concessionaire. */
export interface CounterValues {
  status?: number | readonly number[];
  regional?: number;
  uf?: string;
  concessionaria?: number;
}

/** Which of the counters' filters `values` uses. */
export const counterFilterOf = (values: CounterValues): Required<CounterFilter> => ({
  byStatus: values.status !== undefined,
  byRegional: values.regional !== undefined,
  byUf: values.uf !== undefined,
  byConcessionaria: values.concessionaria !== undefined,
});

/** How many requests of a form this user may see, within the counters' filters. */
export async function countRequests(
  db: DbOrTx,
  user: SessionUser,
  form: { flow: Flow; kind: Kind },
  values: CounterValues = {},
): Promise<number> {
  const filter = counterFilterOf(values);
  const used = Object.entries(filter).flatMap(([key, on]) => (on ? [key] : []));
  const statement = prepared(db, `contagem:${scopeShape(user)}:${used.join(',')}`, (name) =>
    db.select({ total }).from(solicitacoesContagem).where(formCounters(user, filter)).prepare(name),
  );
  const { status, regional, uf, concessionaria } = values;
  const codes = typeof status === 'number' ? [status] : status;
  const [row] = await statement.execute({
    ...scopeValues(user),
    ...form,
    status: codes,
    regional,
    uf,
    concessionaria,
  });
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

/** A request's counter row: its form, status and scope, '' and 0 standing for none. */
const COUNTER_KEY = sql.raw(
  `fluxo, tipo, status, coalesce(regional, 0) as regional, coalesce(id_empresa, 0) as id_empresa,
   coalesce(uf, '') as uf, coalesce(id_concessionaria, 0) as id_concessionaria`,
);
const COUNTER_KEY_COLUMNS = sql.raw('fluxo, tipo, status, regional, id_empresa, uf, id_concessionaria');

/**
 * Adds the requests `where` selects to the counters in one statement: for writes made with the
 * counters' row trigger set aside (bench data, plan tests), which it then replaces.
 */
export async function addToCounters(db: DbOrTx, where: SQL = sql`true`) {
  await db.execute(sql`
    insert into ${solicitacoesContagem} as c (${COUNTER_KEY_COLUMNS}, total)
    select ${COUNTER_KEY}, count(*)::int from ${solicitacoes} where ${where} group by 1, 2, 3, 4, 5, 6, 7
    on conflict (${COUNTER_KEY_COLUMNS}) do update set total = c.total + excluded.total`);
}

/** Counter rows that disagree with a recount of the requests (empty when they agree). */
export async function counterDrift(db: DbOrTx) {
  const result = await db.execute(sql`
    with recount as (
      select ${COUNTER_KEY}, count(*)::int as total from ${solicitacoes} group by 1, 2, 3, 4, 5, 6, 7
    )
    select coalesce(c.fluxo, r.fluxo) as fluxo, coalesce(c.tipo, r.tipo) as tipo,
           coalesce(c.status, r.status) as status, coalesce(c.regional, r.regional) as regional,
           coalesce(c.id_empresa, r.id_empresa) as id_empresa, coalesce(c.uf, r.uf) as uf,
           coalesce(c.id_concessionaria, r.id_concessionaria) as id_concessionaria,
           coalesce(c.total, 0) as contado, coalesce(r.total, 0) as recontado
    from ${solicitacoesContagem} c
    full join recount r
      on (r.fluxo, r.tipo, r.status, r.regional, r.id_empresa, r.uf, r.id_concessionaria)
       = (c.fluxo, c.tipo, c.status, c.regional, c.id_empresa, c.uf, c.id_concessionaria)
    where coalesce(c.total, 0) <> coalesce(r.total, 0)`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows;
}
