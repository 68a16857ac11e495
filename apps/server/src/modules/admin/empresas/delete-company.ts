import { writeAudit } from '../../../audit/audit.ts';
import { companyRemovalProblem, mayAdministerSide, ONLY_CELL_OTHER_SIDE_COMPANY } from '@portal/domain';
import { companySideOf } from '../usuarios/repo.ts';
import { forbidden, notFound } from '../../../http/errors.ts';
import type { ActorContext } from '../../../http/context.ts';
import { DELETED } from '../../../http/replies.ts';
import {
  companyHoldsAdministrator,
  companyInUse,
  deactivateCompany,
  deleteCompanyRow,
  findCompany,
  toCompanyDto,
  type Fluxo,
} from './repo.ts';

export const COMPANY_DEACTIVATED =
  'A empresa possui usuários ou solicitações: foi desativada para preservar o histórico.';

/** empresas/delete: a company others depend on is deactivated instead, so no history is lost. */
export async function deleteCompany(
  ctx: ActorContext,
  fluxo: Fluxo,
  id: number,
): Promise<{ msg: string; desativado: boolean }> {
  return ctx.db.transaction(async (tx) => {
    const before = await findCompany(tx, fluxo, id);
    if (!before) throw notFound('Empresa não encontrada.');
    const problem = companyRemovalProblem(ctx.user, {
      id,
      holdsAdministrator: await companyHoldsAdministrator(tx, id),
    });
    if (problem) throw forbidden(problem);
    if (!mayAdministerSide(ctx.user, await companySideOf(tx, id)))
      throw forbidden(ONLY_CELL_OTHER_SIDE_COMPANY);
    const audit = {
      idUsuario: ctx.user.id,
      entidade: fluxo === 'agua' ? 'empresa_agua' : 'empresa',
      entidadeId: id,
      antes: toCompanyDto(before),
      ip: ctx.ip,
    };
    if (await companyInUse(tx, id)) {
      const row = await deactivateCompany(tx, id);
      await writeAudit(tx, { ...audit, acao: 'desativar', depois: toCompanyDto(row) });
      return { msg: COMPANY_DEACTIVATED, desativado: true };
    }
    await deleteCompanyRow(tx, id);
    await writeAudit(tx, { ...audit, acao: 'apagar' });
    return { msg: DELETED, desativado: false };
  });
}
