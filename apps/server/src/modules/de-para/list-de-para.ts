import type { DeParaTipo, ListQuery } from '@portal/domain';
import type { DeParaRow } from '@portal/domain/contracts/de-para';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { findDePara, listDePara as queryDePara, toDeParaDto } from './repo.ts';
import { DE_PARA_NOT_FOUND } from './save-de-para.ts';

/** de-para/list: one mapping by id, or a page of them (search, sort, filter by tipo). */
export async function listDePara(
  db: Database,
  query: ListQuery & { tipo?: DeParaTipo },
): Promise<{ dados: DeParaRow } | { total: number; dados: DeParaRow[] }> {
  if (query.id !== undefined) {
    const found = await findDePara(db, query.id);
    if (!found) throw notFound(DE_PARA_NOT_FOUND);
    return { dados: toDeParaDto(found) };
  }
  const { total, rows } = await queryDePara(db, query);
  return { total, dados: rows.map(toDeParaDto) };
}
