import type { RegionalSaveBody } from '@portal/domain';
import { writeAudit } from '../../../audit/audit.ts';
import { notFound, unprocessable } from '../../../http/errors.ts';
import type { ActorContext } from '../../../http/context.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { checkVersion } from '../../../db/version.ts';
import {
  findRegional,
  insertRegional,
  regionalTaken,
  toRegionalDto,
  updateRegional,
  type RegionalDto,
} from './repo.ts';

export const REGIONAL_TAKEN = 'Regional já cadastrada.';

/** The four focal points: the schema builds their keys in a loop, so their static type is lost. */
function focalPoints(input: RegionalSaveBody) {
  const raw = input as Record<string, unknown>;
  const text = (key: string) => (typeof raw[key] === 'string' ? (raw[key] as string) : null);
  const email = (key: string) => text(key)?.toLowerCase() ?? null;
  return {
    focal1: email('focal1'),
    nomeFocal1: text('nome_focal1'),
    focal2: email('focal2'),
    nomeFocal2: text('nome_focal2'),
    focal3: email('focal3'),
    nomeFocal3: text('nome_focal3'),
    focal4: email('focal4'),
    nomeFocal4: text('nome_focal4'),
  };
}

/** regional/add and regional/edit (spec part 2 §2.6, §7). E-mails arrive validated by the shared schema. */
export async function saveRegional(
  ctx: ActorContext,
  input: RegionalSaveBody,
  mode: 'add' | 'edit',
): Promise<RegionalDto> {
  // The sigla is a code (TSP, TRJ…) shown and matched in upper case everywhere.
  const sigla = input.regional.toUpperCase();
  const values = {
    regional: sigla,
    gestor: input.gestor,
    emailGestor: input.email_gestor.toLowerCase(),
    ...focalPoints(input),
    ...(input.ufs ? { ufs: input.ufs } : {}),
  };
  try {
    return await ctx.db.transaction(async (tx) => {
      const before = mode === 'edit' ? await findRegional(tx, input.id!) : undefined;
      if (mode === 'edit' && !before) throw notFound('Regional não encontrada.');
      if (before) checkVersion(before.version, input.version);
      if (await regionalTaken(tx, sigla, before?.id)) throw unprocessable(REGIONAL_TAKEN, 'regional');
      const row = before ? await updateRegional(tx, before, values) : await insertRegional(tx, values);
      const after = toRegionalDto(row);
      await writeAudit(tx, {
        idUsuario: ctx.user.id,
        acao: before ? 'editar' : 'criar',
        entidade: 'regional',
        entidadeId: after.id,
        antes: before ? toRegionalDto(before) : null,
        depois: after,
        ip: ctx.ip,
      });
      return after;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw unprocessable(REGIONAL_TAKEN, 'regional');
    throw err;
  }
}
