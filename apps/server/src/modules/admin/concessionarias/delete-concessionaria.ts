import { writeAudit } from '../../../audit/audit.ts';
import { notFound } from '../../../http/errors.ts';
import type { ActorContext } from '../../../http/context.ts';
import { DELETED } from '../../../http/replies.ts';
import {
  concessionariaHasRequests,
  deactivateConcessionaria,
  deleteConcessionariaRow,
  findConcessionaria,
  toConcessionariaDto,
} from './repo.ts';

export const CONCESSIONARIA_DEACTIVATED =
  'A concessionária possui solicitações: foi desativada (não aparece mais nos formulários) para preservar o histórico.';

/** concessionarias/delete: one that requests point at is deactivated instead. */
export async function deleteConcessionaria(
  ctx: ActorContext,
  id: number,
): Promise<{ msg: string; desativado: boolean }> {
  return ctx.db.transaction(async (tx) => {
    const before = await findConcessionaria(tx, id);
    if (!before) throw notFound('Concessionária não encontrada.');
    const audit = {
      idUsuario: ctx.user.id,
      entidade: 'concessionaria',
      entidadeId: id,
      antes: toConcessionariaDto(before),
      ip: ctx.ip,
    };
    if (await concessionariaHasRequests(tx, id)) {
      const row = await deactivateConcessionaria(tx, id);
      await writeAudit(tx, { ...audit, acao: 'desativar', depois: toConcessionariaDto(row) });
      return { msg: CONCESSIONARIA_DEACTIVATED, desativado: true };
    }
    await deleteConcessionariaRow(tx, id);
    await writeAudit(tx, { ...audit, acao: 'apagar' });
    return { msg: DELETED, desativado: false };
  });
}
