import type {
  RefusalReasonAddBody,
  RefusalReasonEditBody,
} from '@portal/domain/contracts/calls/admin/refusal-reasons';
import { writeAudit } from '../../../audit/audit.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { checkVersion } from '../../../db/version.ts';
import type { ActorContext } from '../../../http/context.ts';
import { notFound, unprocessable } from '../../../http/errors.ts';
import {
  findReason,
  insertReason,
  reasonNameTaken,
  toReasonDto,
  updateReason,
  type ReasonDto,
} from './repo.ts';

export const REASON_TAKEN = 'Já existe um motivo com este nome para esta ação.';

/**
 * motivos-recusa/add and /edit: a reason belongs to one move for good (the history that names it
 * must keep meaning the same); only its name and whether it is offered change.
 */
export async function saveReason(
  ctx: ActorContext,
  input: ({ mode: 'add' } & RefusalReasonAddBody) | ({ mode: 'edit' } & RefusalReasonEditBody),
): Promise<ReasonDto> {
  try {
    return await ctx.db.transaction(async (tx) => {
      if (input.mode === 'add') {
        if (await reasonNameTaken(tx, input.movimento, input.nome)) throw unprocessable(REASON_TAKEN, 'nome');
        const row = toReasonDto(
          await insertReason(tx, {
            movimento: input.movimento,
            nome: input.nome,
            ativo: input.ativo ?? true,
          }),
        );
        await writeAudit(tx, {
          idUsuario: ctx.user.id,
          acao: 'criar',
          entidade: 'motivo_recusa',
          entidadeId: row.id,
          depois: row,
          ip: ctx.ip,
        });
        return row;
      }
      const before = await findReason(tx, input.id);
      if (!before) throw notFound('Motivo não encontrado.');
      checkVersion(before.version, input.version);
      if (await reasonNameTaken(tx, before.movimento, input.nome, before.id)) {
        throw unprocessable(REASON_TAKEN, 'nome');
      }
      const row = toReasonDto(await updateReason(tx, before, { nome: input.nome, ativo: input.ativo }));
      await writeAudit(tx, {
        idUsuario: ctx.user.id,
        acao: 'editar',
        entidade: 'motivo_recusa',
        entidadeId: row.id,
        antes: toReasonDto(before),
        depois: row,
        ip: ctx.ip,
      });
      return row;
    });
  } catch (err) {
    // Two admins adding the same name at once: the unique index decides, the answer is the same.
    if (isUniqueViolation(err)) throw unprocessable(REASON_TAKEN, 'nome');
    throw err;
  }
}
