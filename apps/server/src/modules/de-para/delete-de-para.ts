import { writeAudit } from '../../audit/audit.ts';
import type { ActorContext } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { DELETED } from '../../http/replies.ts';
import { deleteDeParaRow, findDePara, toDeParaDto } from './repo.ts';
import { DE_PARA_NOT_FOUND } from './save-de-para.ts';

/**
 * de-para/delete. Nothing points at a mapping (the import copies the portal's value), so it is
 * removed outright. A second delete of the same row finds nothing: 404, and no second audit row.
 */
export async function deleteDePara(
  ctx: ActorContext,
  id: number,
): Promise<{ msg: string; desativado: boolean }> {
  return ctx.db.transaction(async (tx) => {
    const before = await findDePara(tx, id);
    if (!before) throw notFound(DE_PARA_NOT_FOUND);
    // Another delete may have taken it between the read and this statement.
    if (!(await deleteDeParaRow(tx, id))) throw notFound(DE_PARA_NOT_FOUND);
    await writeAudit(tx, {
      idUsuario: ctx.user.id,
      acao: 'apagar',
      entidade: 'de-para',
      entidadeId: id,
      antes: toDeParaDto(before),
      ip: ctx.ip,
    });
    return { msg: DELETED, desativado: false };
  });
}
