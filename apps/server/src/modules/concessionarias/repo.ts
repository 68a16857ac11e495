import { and, asc, eq } from 'drizzle-orm';
import type { Flow } from '@portal/domain';
import type { DbOrTx } from '../../db/client.ts';
import { concessionarias } from '../../db/schema.ts';

/** The active concessionaires of a flow, by name. */
export const activeConcessionaires = (db: DbOrTx, fluxo: Flow) =>
  db
    .select({
      id: concessionarias.id,
      nome: concessionarias.nome,
      sigla: concessionarias.sigla,
      ufs: concessionarias.ufs,
    })
    .from(concessionarias)
    .where(and(eq(concessionarias.fluxo, fluxo), eq(concessionarias.ativo, true)))
    .orderBy(asc(concessionarias.nome));
