import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import { STATUS, type Flow, type SessionUser } from '@portal/domain';
import type {
  BaseConfirmationListBody,
  BaseConfirmationRow,
} from '@portal/domain/contracts/base-confirmation';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { pageOf } from '../../db/listing.ts';
import { concessionarias, historicoStatus, regionais, solicitacoes } from '../../db/schema.ts';
import { isoDate } from '../../http/replies.ts';
import { inBase, unitSought } from '../../requests-core/provider-base-repo.ts';
import { scoped } from '../../requests-core/scope-repo.ts';

/** When the request last reached 7 'Aprovada' (its last save, for a request seeded without history). */
const approvedAt = sql<Date>`coalesce((
  select max(${historicoStatus.dataCadastro}) from ${historicoStatus}
  where ${historicoStatus.idSolicitacao} = ${solicitacoes.id} and ${historicoStatus.status} = ${STATUS.APROVADA}
), ${solicitacoes.updatedAt})`;

const approvedOf = (user: SessionUser, flow: Flow, ...conditions: (SQL | undefined)[]) =>
  scoped(user, eq(solicitacoes.fluxo, flow), eq(solicitacoes.status, STATUS.APROVADA), ...conditions);

const DAY_MS = 24 * 60 * 60 * 1000;

/** One page of the requests at 7 in the user's scope that the base holds (or, the exceptions, does not). */
export async function listApproved(
  db: DbOrTx,
  user: SessionUser,
  query: BaseConfirmationListBody,
  now = new Date(),
): Promise<{ total: number; dados: BaseConfirmationRow[] }> {
  const where = approvedOf(
    user,
    query.fluxo,
    query.situacao === 'na-base' ? inBase : sql`not ${inBase}`,
    query.q
      ? sql`lower(${unitSought}) like ${`${query.q.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`}`
      : undefined,
  );
  const { limit, offset } = pageOf(query);
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select({
        id: solicitacoes.id,
        tipo: solicitacoes.tipo,
        unidade: unitSought,
        concessionaria: concessionarias.nome,
        regional: regionais.regional,
        aprovadaEm: approvedAt,
        version: solicitacoes.version,
      })
      .from(solicitacoes)
      .leftJoin(concessionarias, eq(concessionarias.id, solicitacoes.idConcessionaria))
      .leftJoin(regionais, eq(regionais.id, solicitacoes.regional))
      .where(where)
      // The oldest first: an exception grows more urgent with every day.
      .orderBy(asc(approvedAt), asc(solicitacoes.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ total: count() })
      .from(solicitacoes)
      .leftJoin(concessionarias, eq(concessionarias.id, solicitacoes.idConcessionaria))
      .where(where),
  ]);
  return {
    total,
    dados: rows.map(({ aprovadaEm, ...row }) => {
      const at = new Date(aprovadaEm);
      return {
        ...row,
        aprovada_em: isoDate(at),
        dias: Math.max(0, Math.floor((now.getTime() - at.getTime()) / DAY_MS)),
      };
    }),
  };
}

/**
 * The request at 7 in the user's scope, locked until the transaction ends, with whether the base
 * holds its unit; undefined when it is not one (absent, out of scope, another status).
 */
export async function lockApproved(tx: Tx, user: SessionUser, flow: Flow, id: number) {
  const [found] = await tx
    .select({ row: solicitacoes, unidade: unitSought, naBase: inBase })
    .from(solicitacoes)
    .leftJoin(concessionarias, eq(concessionarias.id, solicitacoes.idConcessionaria))
    .where(and(approvedOf(user, flow), eq(solicitacoes.id, id)))
    .for('update', { of: solicitacoes });
  return found;
}
