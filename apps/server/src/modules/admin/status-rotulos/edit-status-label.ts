import { writeAudit } from '../../../audit/audit.ts';
import { notFound } from '../../../http/errors.ts';
import type { ActorContext } from '../../../http/context.ts';
import { checkVersion } from '../../../db/version.ts';
import { findStatusLabel, renameStatusLabel, toStatusLabelDto, type StatusLabelDto } from './repo.ts';

/**
 * status-rotulos/edit: renames a status in one flow; its code, and every rule tied to it, stay.
 * `version` is the one the admin loaded: a stale one is refused (409).
 */
export async function editStatusLabel(
  ctx: ActorContext,
  input: { id: number; rotulo: string; version?: number },
): Promise<StatusLabelDto> {
  const { id, rotulo } = input;
  return ctx.db.transaction(async (tx) => {
    const before = await findStatusLabel(tx, id);
    if (!before) throw notFound('Status não encontrado.');
    checkVersion(before.version, input.version);
    const row = await renameStatusLabel(tx, before, rotulo);
    const after = toStatusLabelDto(row);
    await writeAudit(tx, {
      idUsuario: ctx.user.id,
      acao: 'editar',
      entidade: 'status_rotulo',
      entidadeId: id,
      antes: toStatusLabelDto(before),
      depois: after,
      ip: ctx.ip,
    });
    return after;
  });
}
