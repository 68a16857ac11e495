import {
  finalValidationProblem,
  labelOf,
  POST_APPROVAL_REFUSAL_STATUS,
  reasonRequired,
  stageOfValidation,
  VALIDATION_RESULT,
  VALIDATION_RESULTS,
  VALIDATION_TYPE_LABELS,
  STALE_VERSION,
} from '@portal/domain';
import type { PostApprovalSaveReply, ValidationBody } from '@portal/domain/contracts/post-approval';
import { writeAudit } from '../../audit/audit.ts';
import { conflict, unprocessable } from '../../http/errors.ts';
import type { ActorContext } from '../../http/context.ts';
import { SAVED } from '../../http/replies.ts';
import { notifyStatusChange } from '../notificacoes/notify-status-change.ts';
import { checkRefusalReason } from '../../requests-core/refusal-reason-gate.ts';
import { addObservations, addStatusChange } from '../../requests-core/repo.ts';
import { findUnit, insertValidation, updateStage, type RecordedValidation } from './repo.ts';
import { assertAtStage } from './stage-guard.ts';

/** What the validator typed, by the block's field names: stored, and written to the audit entry. */
function recordedFields(body: ValidationBody): RecordedValidation {
  const common = { responsavel: body.responsavel, cargo: body.cargo, observacao: body.observacao ?? null };
  return body.tipo === 1
    ? {
        ...common,
        identificacao_tim: body.identificacao_tim ?? null,
        elemento_de_rede: body.elemento_de_rede ?? null,
        tipologia: body.tipologia ?? null,
        data_validacao: body.data_validacao,
      }
    : { ...common, chave_debito: body.chave_debito ?? null };
}

/**
 * /validar-uc/{id}/{tipo}: records the pre-validation (1) or the final validation (2) of a unit
 * waiting for it. 'Aprovado' moves it to the next stage; 'Não Aprovado' sends the request back to
 * 14 'Recusada Xerox/AME' for the cell to fix (docs/workflow.md). The validation, the observation,
 * the status history and the audit entry commit together.
 */
export async function validateUnit(ctx: ActorContext, body: ValidationBody): Promise<PostApprovalSaveReply> {
  return ctx.db.transaction(async (tx) => {
    const row = await findUnit(tx, ctx.user, body.id, { lock: true });
    const stage = stageOfValidation(body.tipo);
    assertAtStage(row, body.version, stage);
    if (body.tipo === 2) {
      const problem = finalValidationProblem(row.tipoDePagamento, body);
      if (problem) throw unprocessable(problem.msg, problem.field);
    }
    const reason = await checkRefusalReason(tx, reasonRequired('pos-aprovacao', null, body.status), body);

    const approved = body.status === VALIDATION_RESULT.APROVADO;
    const saved = await updateStage(
      tx,
      row,
      approved
        ? { posEtapa: (stage + 1) as 2 | 3 }
        : { status: POST_APPROVAL_REFUSAL_STATUS, motivoRecusa: reason?.text ?? null },
    );
    if (!saved) throw conflict(STALE_VERSION);

    const recorded = recordedFields(body);
    await insertValidation(
      tx,
      { idSolicitacao: row.id, tipo: body.tipo, status: body.status, author: ctx.user },
      recorded,
    );
    const verdict = `${VALIDATION_TYPE_LABELS[body.tipo]}: ${labelOf(VALIDATION_RESULTS, body.status)}`;
    await addObservations(tx, row.id, ctx.user, [
      body.observacao ? `${verdict}. ${body.observacao}` : verdict,
    ]);
    if (!approved) {
      await addStatusChange(tx, row.id, ctx.user, POST_APPROVAL_REFUSAL_STATUS, reason);
      await notifyStatusChange(tx, {
        id: row.id,
        flow: 'energia',
        kind: 'nova',
        status: POST_APPROVAL_REFUSAL_STATUS,
        actor: ctx.user,
        observacao: body.observacao ?? undefined,
        motivo: reason?.text,
      });
    }
    await writeAudit(tx, {
      idUsuario: ctx.user.id,
      acao: body.tipo === 1 ? 'pre-validar' : 'validar-final',
      entidade: `solicitacao.${row.fluxo}.${row.tipo}`,
      entidadeId: row.id,
      antes: { status: row.status, pos_etapa: row.posEtapa },
      depois: {
        status: saved.status,
        pos_etapa: saved.etapa,
        resultado: body.status,
        ...recorded,
      },
      ip: ctx.ip,
    });
    return {
      error: 0 as const,
      msg: approved ? SAVED : 'Salvo com sucesso: a solicitação voltou para a célula (Recusada Xerox/AME).',
      version: saved.version,
      status: saved.status,
      etapa: saved.etapa,
    };
  });
}
