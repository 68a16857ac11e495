import { type ConcessionariaSaveBody } from '@portal/domain';
import { writeAudit } from '../../../audit/audit.ts';
import { notFound, unprocessable } from '../../../http/errors.ts';
import type { ActorContext } from '../../../http/context.ts';
import { checkVersion } from '../../../db/version.ts';
import {
  concessionariaHasRequests,
  findConcessionaria,
  insertConcessionaria,
  toConcessionariaDto,
  updateConcessionaria,
  type ConcessionariaDto,
} from './repo.ts';

export const FLOW_LOCKED = 'O fluxo de uma concessionária com solicitações não pode ser alterado.';

/** concessionarias/add and concessionarias/edit. */
export async function saveConcessionaria(
  ctx: ActorContext,
  input: ConcessionariaSaveBody,
  mode: 'add' | 'edit',
): Promise<ConcessionariaDto> {
  const values = {
    nome: input.nome,
    sigla: input.sigla.toUpperCase(),
    fluxo: input.fluxo,
    ufs: [...new Set(input.ufs)].sort(),
    ativo: input.ativo,
  };
  return ctx.db.transaction(async (tx) => {
    const before = mode === 'edit' ? await findConcessionaria(tx, input.id!) : undefined;
    if (mode === 'edit' && !before) throw notFound('Concessionária não encontrada.');
    if (before) checkVersion(before.version, input.version);
    // Its requests belong to one flow; moving the concessionaire would make them point across flows.
    if (before && before.fluxo !== values.fluxo && (await concessionariaHasRequests(tx, before.id))) {
      throw unprocessable(FLOW_LOCKED, 'fluxo');
    }
    const row = before
      ? await updateConcessionaria(tx, before, values)
      : await insertConcessionaria(tx, values);
    const after = toConcessionariaDto(row);
    await writeAudit(tx, {
      idUsuario: ctx.user.id,
      acao: before ? 'editar' : 'criar',
      entidade: 'concessionaria',
      entidadeId: after.id,
      antes: before ? toConcessionariaDto(before) : null,
      depois: after,
      ip: ctx.ip,
    });
    return after;
  });
}
