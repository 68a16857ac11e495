import type { ListQuery } from '@portal/domain';
import type { Database } from '../../../db/client.ts';
import { notFound } from '../../../http/errors.ts';
import { findRegional, listRegionals as queryRegionals, toRegionalDto, type RegionalDto } from './repo.ts';

/** regional/list: one regional by id, or a page of them. */
export async function listRegionals(
  db: Database,
  query: ListQuery,
): Promise<{ dados: RegionalDto } | { total: number; dados: RegionalDto[] }> {
  if (query.id !== undefined) {
    const row = await findRegional(db, query.id);
    if (!row) throw notFound('Regional não encontrada.');
    return { dados: toRegionalDto(row) };
  }
  const { total, rows } = await queryRegionals(db, query);
  return { total, dados: rows.map(toRegionalDto) };
}
