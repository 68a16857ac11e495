import { eq } from 'drizzle-orm';
import { writeAudit } from '../../../audit/audit.ts';
import { statusRotulos } from '../../../db/schema.ts';
import { notFound } from '../../../http/errors.ts';
import type { AdminContext } from '../shared/context.ts';
import { findStatusLabel, toStatusLabelDto, type StatusLabelDto } from './repo.ts';

/** status-rotulos/edit: renames a status in one flow; its code, and every rule tied to it, stay. */
export async function editStatusLabel(
  ctx: AdminContext,
  id: number,
  rotulo: string,
): Promise<StatusLabelDto> {
  return ctx.db.transaction(async (tx) => {
    const before = await findStatusLabel(tx, id);
    if (!before) throw notFound('Status não encontrado.');
    const [row] = await tx.update(statusRotulos).set({ rotulo }).where(eq(statusRotulos.id, id)).returning();
    const after = toStatusLabelDto(row!);
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
