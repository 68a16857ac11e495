import type { ListQuery } from '@portal/domain';
import type { Database } from '../../../db/client.ts';
import { notFound } from '../../../http/errors.ts';
import { findGroup, listGroups as queryGroups, toGroupDto, type GroupDto } from './repo.ts';

/** grupos/list: one access group by its code, or a page of them. */
export async function listGroups(
  db: Database,
  query: ListQuery,
): Promise<{ dados: GroupDto } | { total: number; dados: GroupDto[] }> {
  if (query.id !== undefined) {
    const row = await findGroup(db, query.id);
    if (!row) throw notFound('Grupo de Acesso não encontrado.');
    return { dados: toGroupDto(row) };
  }
  const { total, rows } = await queryGroups(db, query);
  return { total, dados: rows.map(toGroupDto) };
}
