import type { Flow, ListQuery } from '@portal/domain';
import type { Database } from '../../../db/client.ts';
import { notFound } from '../../../http/errors.ts';
import {
  findConcessionaria,
  listConcessionarias as queryConcessionarias,
  toConcessionariaDto,
  type ConcessionariaDto,
} from './repo.ts';

/** concessionarias/list (administration): inactive ones included, unlike GET /concessionarias. */
export async function listConcessionarias(
  db: Database,
  query: ListQuery & { fluxo?: Flow },
): Promise<{ dados: ConcessionariaDto } | { total: number; dados: ConcessionariaDto[] }> {
  if (query.id !== undefined) {
    const row = await findConcessionaria(db, query.id);
    if (!row) throw notFound('Concessionária não encontrada.');
    return { dados: toConcessionariaDto(row) };
  }
  const { total, rows } = await queryConcessionarias(db, query);
  return { total, dados: rows.map(toConcessionariaDto) };
}
