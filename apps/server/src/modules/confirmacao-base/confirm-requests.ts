import { checkSave, STALE_VERSION, STATUS, statusLabel, type Flow } from '@portal/domain';
import type { ConfirmBody, ConfirmReply } from '@portal/domain/contracts/base-confirmation';
import { writeAudit } from '../../audit/audit.ts';
import type { ActorContext } from '../../http/context.ts';
import { AppError, conflict, notFound, unprocessable } from '../../http/errors.ts';
import { notifyStatusChange } from '../notificacoes/notify-status-change.ts';
import { fieldValues } from '../../requests-core/record.ts';
import { addStatusChange, attachmentsOf, updateRequest } from '../../requests-core/repo.ts';
import { lockApproved } from './repo.ts';

export const NOT_APPROVED = 'Solicitação não encontrada em "Aprovada".';
export const notInBase = (unidade: string) =>
  `A unidade ${unidade} ainda não está na base do provedor: importe a base atualizada antes de confirmar.`;

/**
 * confirmacao-base/confirmar (issue 11 item 5): each request chosen moves from 7 'Aprovada' to
 * 8 'Inserida na Base Xerox/AME' in its own transaction, with its status history and audit row,
 * when the base holds its unit, its version is the one the screen showed and the shared policy
 * lets this user take the step (checkSave). One refused request leaves the others confirmed.
 */
export async function confirmRequests(ctx: ActorContext, body: ConfirmBody): Promise<ConfirmReply> {
  const confirmadas: number[] = [];
  const recusadas: { id: number; msg: string }[] = [];
  for (const { id, version } of body.solicitacoes) {
    try {
      await ctx.db.transaction(async (tx) => {
        const found = await lockApproved(tx, ctx.user, body.fluxo, id);
        if (!found) throw notFound(NOT_APPROVED);
        const { row } = found;
        if (row.version !== version) throw conflict(STALE_VERSION);
        if (!found.naBase) throw unprocessable(notInBase(found.unidade));
        const files = await attachmentsOf(tx, row.id);
        const verdict = checkSave({
          actor: ctx.user,
          flow: row.fluxo,
          kind: row.tipo,
          current: { status: row.status, values: fieldValues(row), files: files.map((f) => f.tipo) },
          next: { status: STATUS.INSERIDA_BASE, values: {} },
        });
        if (!verdict.ok) throw new AppError(verdict.code, verdict.msg);
        if (!(await updateRequest(tx, row, { status: STATUS.INSERIDA_BASE }))) {
          throw conflict(STALE_VERSION);
        }
        await addStatusChange(tx, row.id, ctx.user, STATUS.INSERIDA_BASE);
        await notifyStatusChange(tx, {
          id: row.id,
          flow: row.fluxo,
          kind: row.tipo,
          status: STATUS.INSERIDA_BASE,
          actor: ctx.user,
        });
        await writeAudit(tx, {
          idUsuario: ctx.user.id,
          acao: 'confirmar-na-base',
          entidade: `solicitacao.${row.fluxo}.${row.tipo}`,
          entidadeId: row.id,
          antes: { status: row.status },
          depois: { status: STATUS.INSERIDA_BASE, unidade: found.unidade },
          ip: ctx.ip,
        });
      });
      confirmadas.push(id);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      recusadas.push({ id, msg: err.message });
    }
  }
  return {
    error: 0,
    msg: confirmedMessage(body.fluxo, confirmadas.length, recusadas.length),
    confirmadas,
    recusadas,
  };
}

function confirmedMessage(flow: Flow, confirmed: number, refused: number): string {
  const inserted = statusLabel(STATUS.INSERIDA_BASE, flow, 'nova');
  const head =
    confirmed === 1
      ? `1 solicitação confirmada como "${inserted}".`
      : `${confirmed} solicitações confirmadas como "${inserted}".`;
  if (refused === 0) return head;
  return `${head} ${refused === 1 ? '1 não pôde ser confirmada' : `${refused} não puderam ser confirmadas`}: veja o motivo em cada linha.`;
}
