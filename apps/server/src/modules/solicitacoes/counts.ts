import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { recordScope, type Flow, type Kind, type SessionUser } from '@portal/domain';
import type { DbOrTx } from '../../db/client.ts';
import { solicitacoes, solicitacoesContagem } from '../../db/schema.ts';

/**
 * Totals read off the per-scope counters (schema.ts `solicitacoesContagem`, kept by a trigger):
 * a sum of a few rows instead of a count over the requests. The scope is scope.ts's, applied to
 * the counters' regional and company columns (0 stands for none).
 */
function counterScope(user: SessionUser): SQL {
  switch (recordScope(user)) {
    case 'all':
      return sql`true`;
    case 'regional':
      return user.regionais.length ? inArray(solicitacoesContagem.regional, user.regionais) : sql`false`;
    case 'empresa':
      return user.empresa === null ? sql`false` : eq(solicitacoesContagem.idEmpresa, user.empresa);
  }
}

const total = sql<number>`coalesce(sum(${solicitacoesContagem.total}), 0)::int`;

/** How many requests of a form this user may see, in one status or all. */
export async function countRequests(
  db: DbOrTx,
  user: SessionUser,
  form: { flow: Flow; kind: Kind },
  status?: number,
): Promise<number> {
  const [row] = await db
    .select({ total })
    .from(solicitacoesContagem)
    .where(
      and(
        counterScope(user),
        eq(solicitacoesContagem.fluxo, form.flow),
        eq(solicitacoesContagem.tipo, form.kind),
        status === undefined ? undefined : eq(solicitacoesContagem.status, status),
      ),
    );
  return row?.total ?? 0;
}

/** The dashboard's totals: per kind and status of one flow, in this user's scope. */
export const countByKindAndStatus = (db: DbOrTx, user: SessionUser, flow: Flow, kinds: Kind[], statuses: number[]) =>
  db
    .select({ tipo: solicitacoesContagem.tipo, status: solicitacoesContagem.status, total })
    .from(solicitacoesContagem)
    .where(
      and(
        counterScope(user),
        eq(solicitacoesContagem.fluxo, flow),
        inArray(solicitacoesContagem.tipo, kinds),
        inArray(solicitacoesContagem.status, statuses),
      ),
    )
    .groupBy(solicitacoesContagem.tipo, solicitacoesContagem.status);

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
