import { sql } from 'drizzle-orm';
import type { Flow, Kind, SessionUser } from '@portal/domain';
import type { DbOrTx } from '../../db/client.ts';
import { historicoStatus, motivosRecusa, solicitacoes } from '../../db/schema.ts';
import { scopeOf } from '../../requests-core/scope-repo.ts';

export interface RefusalCountRow {
  fluxo: Flow;
  tipo: Kind;
  motivo: string;
  total: number;
}

/**
 * 'Recusas por motivo' (issue 34 step 3): every refusal recorded with a catalogue reason, per form
 * and reason, over the requests the user's scope reaches. Only history entries that carry a reason
 * are read (refusals since the catalogue exists).
 */
export async function refusalsByReason(
  tx: DbOrTx,
  user: SessionUser,
  forms: { flow: Flow; kind: Kind }[],
): Promise<RefusalCountRow[]> {
  const pairs = sql.join(
    forms.map((f) => sql`(${f.flow}, ${f.kind})`),
    sql`, `,
  );
  const result = await tx.execute(sql`
    select ${solicitacoes.fluxo} as fluxo, ${solicitacoes.tipo} as tipo, ${motivosRecusa.nome} as motivo,
           count(*)::int as total
      from ${historicoStatus}
      join ${solicitacoes} on ${solicitacoes.id} = ${historicoStatus.idSolicitacao}
      join ${motivosRecusa} on ${motivosRecusa.id} = ${historicoStatus.idMotivoRecusa}
     where ${historicoStatus.idMotivoRecusa} is not null
       and (${solicitacoes.fluxo}, ${solicitacoes.tipo}) in (${pairs})
       and ${scopeOf(user)}
     group by 1, 2, 3
     order by total desc, motivo`);
  return (result as unknown as { rows: RefusalCountRow[] }).rows;
}
