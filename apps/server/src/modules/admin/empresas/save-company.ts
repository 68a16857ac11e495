import {
  companyRemovalProblem,
  mayAdministerSide,
  ONLY_CELL_OTHER_SIDE_COMPANY,
  type CompanySaveBody,
} from '@portal/domain';
import { companySideOf } from '../usuarios/repo.ts';
import { writeAudit } from '../../../audit/audit.ts';
import { forbidden, notFound, unprocessable } from '../../../http/errors.ts';
import type { ActorContext } from '../../../http/context.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { checkVersion } from '../../../db/version.ts';
import {
  cnpjTaken,
  companyHoldsAdministrator,
  findCompany,
  insertCompany,
  toCompanyDto,
  updateCompany,
  type CompanyDto,
  type Fluxo,
} from './repo.ts';

export const CNPJ_TAKEN = 'CNPJ já cadastrado.';

/**
 * empresas/add and empresas/edit (and the agua/ twins). The CNPJ arrives validated and normalized
 * by the shared schema (numeric or alphanumeric, no mask, uppercase); here it must be unique in its flow.
 */
export async function saveCompany(
  ctx: ActorContext,
  fluxo: Fluxo,
  input: CompanySaveBody,
  mode: 'add' | 'edit',
): Promise<CompanyDto> {
  const values = {
    razaoSocial: input.razao_social,
    // Required by the schema (cnpjField(…, true)); its inferred type is wider than what it lets through.
    cnpj: input.cnpj as string,
    cidade: input.cidade,
    cep: input.cep,
    email: input.email.toLowerCase(),
    telefone: input.telefone,
    status: input.status,
  };
  try {
    return await ctx.db.transaction(async (tx) => {
      const before = mode === 'edit' ? await findCompany(tx, fluxo, input.id!) : undefined;
      if (mode === 'edit' && !before) throw notFound('Empresa não encontrada.');
      if (before) checkVersion(before.version, input.version);
      if (before && !mayAdministerSide(ctx.user, await companySideOf(tx, before.id)))
        throw forbidden(ONLY_CELL_OTHER_SIDE_COMPANY);
      if (before?.status && !values.status) {
        const problem = companyRemovalProblem(ctx.user, {
          id: before.id,
          holdsAdministrator: await companyHoldsAdministrator(tx, before.id),
        });
        if (problem) throw forbidden(problem, 'status');
      }
      if (await cnpjTaken(tx, fluxo, values.cnpj, before?.id)) throw unprocessable(CNPJ_TAKEN, 'cnpj');
      const row = before ? await updateCompany(tx, before, values) : await insertCompany(tx, fluxo, values);
      const after = toCompanyDto(row);
      await writeAudit(tx, {
        idUsuario: ctx.user.id,
        acao: before ? 'editar' : 'criar',
        entidade: fluxo === 'agua' ? 'empresa_agua' : 'empresa',
        entidadeId: after.id,
        antes: before ? toCompanyDto(before) : null,
        depois: after,
        ip: ctx.ip,
      });
      return after;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw unprocessable(CNPJ_TAKEN, 'cnpj');
    throw err;
  }
}
