import { DE_PARA_PARA_REFUSAL, deParaTaken, type DeParaSaveBody, type DeParaTipo } from '@portal/domain';
import type { DeParaRow } from '@portal/domain/contracts/de-para';
import { writeAudit } from '../../audit/audit.ts';
import type { DbOrTx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { checkVersion } from '../../db/version.ts';
import type { ActorContext } from '../../http/context.ts';
import { notFound, unprocessable } from '../../http/errors.ts';
import {
  concessionaireNames,
  deTaken,
  findDePara,
  findRegionalCode,
  insertDePara,
  lockTipo,
  toDeParaDto,
  updateDePara,
} from './repo.ts';

export const DE_PARA_NOT_FOUND = 'De-Para não encontrado.';

/**
 * The portal's value a mapping stores, as the import will look it up: a concessionaire by its
 * registered name (spelled as registered), a regional by its id, a voltage label as typed.
 * `sigla` is the regional's code, shown instead of its id.
 */
async function portalValue(
  db: DbOrTx,
  tipo: DeParaTipo,
  typed: string,
): Promise<{ para: string; sigla: string | null }> {
  if (tipo === 'concessionaria') {
    const wanted = typed.toLowerCase();
    const match = (await concessionaireNames(db)).find((c) => c.nome.toLowerCase() === wanted);
    if (!match) throw unprocessable(DE_PARA_PARA_REFUSAL.concessionaria, 'para');
    return { para: match.nome, sigla: null };
  }
  if (tipo === 'regional') {
    // The schema let through only a whole number within the id range.
    const id = Number(typed);
    const sigla = await findRegionalCode(db, id);
    if (sigla === undefined) throw unprocessable(DE_PARA_PARA_REFUSAL.regional, 'para');
    return { para: String(id), sigla };
  }
  return { para: typed, sigla: null };
}

/**
 * de-para/add and de-para/edit (issue 11). The import reads the table when it starts, so a change
 * applies from the next import on. One `de` per tipo, whatever its case: the import compares it so.
 */
export async function saveDePara(
  ctx: ActorContext,
  input: DeParaSaveBody,
  mode: 'add' | 'edit',
): Promise<DeParaRow> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const before = mode === 'edit' ? await findDePara(tx, input.id!) : undefined;
      if (mode === 'edit' && !before) throw notFound(DE_PARA_NOT_FOUND);
      if (before) checkVersion(before.row.version, input.version);
      const { para, sigla } = await portalValue(tx, input.tipo, input.para);
      await lockTipo(tx, input.tipo);
      if (await deTaken(tx, input.tipo, input.de, before?.row.id)) {
        throw unprocessable(deParaTaken(input.tipo), 'de');
      }
      const values = { tipo: input.tipo, de: input.de, para };
      const row = before ? await updateDePara(tx, before.row, values) : await insertDePara(tx, values);
      const after = toDeParaDto({ row, sigla });
      await writeAudit(tx, {
        idUsuario: ctx.user.id,
        acao: before ? 'editar' : 'criar',
        entidade: 'de-para',
        entidadeId: after.id,
        antes: before ? toDeParaDto(before) : null,
        depois: after,
        ip: ctx.ip,
      });
      return after;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw unprocessable(deParaTaken(input.tipo), 'de');
    throw err;
  }
}
