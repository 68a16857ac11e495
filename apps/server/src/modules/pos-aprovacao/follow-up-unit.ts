import {
  followUpProblem,
  labelOf,
  POST_APPROVAL_STAGE,
  SITE_SITUATION,
  SITE_SITUATIONS,
  STALE_VERSION,
} from '@portal/domain';
import type { FollowUpBody, PostApprovalSaveReply } from '@portal/domain/contracts/post-approval';
import { writeAudit } from '../../audit/audit.ts';
import type { ActorContext } from '../../http/context.ts';
import { conflict, unprocessable } from '../../http/errors.ts';
import { SAVED } from '../../http/replies.ts';
import { addObservations } from '../../requests-core/repo.ts';
import { findUnit, updateStage } from './repo.ts';
import { assertAtStage } from './stage-guard.ts';

/**
 * /acompanhar-uc/{id}: records the first invoice's dates and the UC's situation on site of a unit
 * waiting for its first invoice; 'Ativa' ends its stages. Observation and audit entry commit with it.
 */
export async function followUpUnit(ctx: ActorContext, body: FollowUpBody): Promise<PostApprovalSaveReply> {
  return ctx.db.transaction(async (tx) => {
    const row = await findUnit(tx, ctx.user, body.id, { lock: true });
    assertAtStage(row, body.version, POST_APPROVAL_STAGE.ACOMPANHAMENTO);
    // A date the body leaves out keeps what is recorded; null clears it. The merged pair is checked
    // again, since the body alone cannot show a receipt earlier than the issue already stored.
    const dates = {
      data_primeira_fatura:
        body.data_primeira_fatura === undefined ? row.dataPrimeiraFatura : body.data_primeira_fatura,
      data_recebimento_fatura:
        body.data_recebimento_fatura === undefined ? row.dataRecebimentoFatura : body.data_recebimento_fatura,
    };
    const problem = followUpProblem({ ...body, ...dates }, new Date());
    if (problem) throw unprocessable(problem.msg, problem.field);
    const active = body.situacao === SITE_SITUATION.ATIVA;
    const values = {
      dataPrimeiraFatura: dates.data_primeira_fatura,
      dataRecebimentoFatura: dates.data_recebimento_fatura,
      ...(active ? { posEtapa: POST_APPROVAL_STAGE.ATIVA } : {}),
    };
    const saved = await updateStage(tx, row, values);
    if (!saved) throw conflict(STALE_VERSION);

    const verdict = `Acompanhamento: ${labelOf(SITE_SITUATIONS, body.situacao)}`;
    await addObservations(tx, row.id, ctx.user, [
      body.observacao ? `${verdict}. ${body.observacao}` : verdict,
    ]);
    await writeAudit(tx, {
      idUsuario: ctx.user.id,
      acao: 'acompanhar',
      entidade: `solicitacao.${row.fluxo}.${row.tipo}`,
      entidadeId: row.id,
      antes: {
        pos_etapa: row.posEtapa,
        data_primeira_fatura: row.dataPrimeiraFatura,
        data_recebimento_fatura: row.dataRecebimentoFatura,
      },
      depois: {
        pos_etapa: saved.etapa,
        data_primeira_fatura: values.dataPrimeiraFatura,
        data_recebimento_fatura: values.dataRecebimentoFatura,
        situacao: body.situacao,
        observacao: body.observacao ?? null,
      },
      ip: ctx.ip,
    });
    return {
      error: 0 as const,
      msg: SAVED,
      version: saved.version,
      status: saved.status,
      etapa: saved.etapa,
    };
  });
}
