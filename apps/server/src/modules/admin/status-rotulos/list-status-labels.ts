import type { Flow, ListQuery } from '@portal/domain';
import { type StatusLabelKind } from '@portal/domain';
import type { Database } from '../../../db/client.ts';
import { notFound } from '../../../http/errors.ts';
import {
  findStatusLabel,
  listStatusLabels as queryStatusLabels,
  toStatusLabelDto,
  type StatusLabelDto,
} from './repo.ts';

/** status-rotulos/list: the labels of one flow and kind (or all), in code order by default. */
export async function listStatusLabels(
  db: Database,
  query: ListQuery & { fluxo?: Flow; tipo?: StatusLabelKind },
): Promise<{ dados: StatusLabelDto } | { total: number; dados: StatusLabelDto[] }> {
  if (query.id !== undefined) {
    const row = await findStatusLabel(db, query.id);
    if (!row) throw notFound('Status não encontrado.');
    return { dados: toStatusLabelDto(row) };
  }
  const { total, rows } = await queryStatusLabels(db, query);
  return { total, dados: rows.map(toStatusLabelDto) };
}
