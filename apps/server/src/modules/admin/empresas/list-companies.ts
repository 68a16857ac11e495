import type { ListQuery } from '@portal/domain';
import type { Database } from '../../../db/client.ts';
import { notFound } from '../../../http/errors.ts';
import {
  findCompany,
  listCompanies as queryCompanies,
  toCompanyDto,
  type CompanyDto,
  type Fluxo,
} from './repo.ts';

/** empresas/list (and agua/empresas/list): one company by id, or a page of the flow's companies. */
export async function listCompanies(
  db: Database,
  fluxo: Fluxo,
  query: ListQuery,
): Promise<{ dados: CompanyDto } | { total: number; dados: CompanyDto[] }> {
  if (query.id !== undefined) {
    const row = await findCompany(db, fluxo, query.id);
    if (!row) throw notFound('Empresa não encontrada.');
    return { dados: toCompanyDto(row) };
  }
  const { total, rows } = await queryCompanies(db, fluxo, query);
  return { total, dados: rows.map(toCompanyDto) };
}
