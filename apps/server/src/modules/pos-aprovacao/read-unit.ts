import { daysWaiting, requestForm, type SessionUser } from '@portal/domain';
import type { PostApprovalRecord } from '@portal/domain/contracts/post-approval';
import type { DbOrTx } from '../../db/client.ts';
import { isoDate } from '../../http/replies.ts';
import { toApiRecord } from '../../requests-core/record.ts';
import { attachmentsOf, requesterOf } from '../../requests-core/repo.ts';
import { findUnit, namesOf, validationsOf } from './repo.ts';

/**
 * What /validar-uc and /acompanhar-uc show: the request as the validator's role reads it on its
 * form (the same fields and files, no more), its stage and every validation recorded.
 */
export async function readUnit(
  db: DbOrTx,
  user: SessionUser,
  id: number,
  now = new Date(),
): Promise<PostApprovalRecord> {
  // Before the stages the request is read on its own form, under that form's rule: a provider
  // without the form's permission must not read it through this screen.
  const row = await findUnit(db, user, id, { staged: true });
  const [requester, files, validacoes, names] = await Promise.all([
    requesterOf(db, row),
    attachmentsOf(db, row.id),
    validationsOf(db, row.id),
    namesOf(db, row),
  ]);
  return {
    id: row.id,
    version: row.version,
    status: row.status,
    etapa: row.posEtapa,
    desde: row.posEtapaDesde && isoDate(row.posEtapaDesde),
    dias: row.posEtapaDesde && daysWaiting(row.posEtapaDesde, now),
    ...names,
    data_primeira_fatura: row.dataPrimeiraFatura,
    data_recebimento_fatura: row.dataRecebimentoFatura,
    validacoes,
    solicitacao: toApiRecord(user, requestForm(row.fluxo, row.tipo), row, requester, files),
  };
}
