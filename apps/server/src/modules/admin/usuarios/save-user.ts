import { randomBytes } from 'node:crypto';
import {
  companySide,
  regionaisForRole,
  userGrantProblem,
  userSideProblem,
  type UserSaveBody,
} from '@portal/domain';
import { writeAudit } from '../../../audit/audit.ts';
import { hashPassword } from '../../../auth/passwords.ts';
import { revokeAllSessions } from '../../../auth/sessions.ts';
import { forbidden, notFound, unprocessable } from '../../../http/errors.ts';
import type { ActorContext } from '../../../http/context.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { checkVersion } from '../../../db/version.ts';
import {
  companyRoleKinds,
  companySideOf,
  emailTaken,
  existingRegionals,
  findGroupAccess,
  findUser,
  insertUser,
  replaceRegionals,
  updateUser,
  type UserDto,
} from './repo.ts';

export const EMAIL_TAKEN = 'E-mail já cadastrado.';
export const SELF_DEACTIVATION = 'Você não pode desativar o seu próprio usuário.';

/**
 * usuarios/add and usuarios/edit (spec part 2 §5 user form). Administrators never set a
 * password (GUIDE §7): a new user gets an unguessable random one, trocar_senha 0 and an e-mail
 * to create theirs (see routes); an existing user is sent the reset e-mail instead.
 */
export async function saveUser(
  ctx: ActorContext,
  input: UserSaveBody,
  mode: 'add' | 'edit',
): Promise<UserDto> {
  const email = input.email.trim().toLowerCase();
  // Hash before the transaction: nothing but the database may be awaited inside one (PGlite is one connection).
  const passwordHash = mode === 'add' ? await hashPassword(randomBytes(24).toString('base64url')) : undefined;

  try {
    return await ctx.db.transaction(async (tx) => {
      const before = mode === 'edit' ? await findUser(tx, input.id!) : undefined;
      if (mode === 'edit' && !before) throw notFound('Usuário não encontrado.');
      if (before) checkVersion(before.version, input.version);
      if (before?.id === ctx.user.id && !input.id_status) throw unprocessable(SELF_DEACTIVATION, 'id_status');
      if (await emailTaken(tx, email, before?.id)) throw unprocessable(EMAIL_TAKEN, 'email');

      const group = await findGroupAccess(tx, input.id_grupo);
      if (!group) throw unprocessable('Grupo de Acesso não encontrado.', 'id_grupo');
      const problem = userGrantProblem(ctx.user, before, input, { ...group.permissoes, papel: group.papel });
      if (problem) throw forbidden(problem.msg, problem.field);
      const { papel } = group;
      const companyKinds = await companyRoleKinds(tx, input.id_empresa);
      if (!companyKinds.has(input.id_empresa)) throw unprocessable('Empresa não encontrada.', 'id_empresa');
      const sideProblem = userSideProblem(
        ctx.user,
        before && { papel: before.papel, companySide: await companySideOf(tx, before.id_empresa) },
        { papel, companySide: companySide(companyKinds.get(input.id_empresa)!) },
      );
      if (sideProblem) throw forbidden(sideProblem.msg, sideProblem.field);

      const chosen = input.id_regional ? [...input.regionais, input.id_regional] : input.regionais;
      const verdict = regionaisForRole(papel, chosen);
      if (!verdict.ok) throw unprocessable(verdict.msg, 'regionais');
      const regionalIds = await existingRegionals(tx, verdict.regionais);
      // "All seven" for Energy Efficiency means those that exist; a regional the admin picked must exist.
      if (papel !== 'energy_efficiency' && regionalIds.length !== verdict.regionais.length) {
        throw unprocessable('Regional inválida.', 'regionais');
      }
      const idRegional =
        input.id_regional && regionalIds.includes(input.id_regional)
          ? input.id_regional
          : (regionalIds[0] ?? null);

      const values = {
        name: input.name,
        email,
        idEmpresa: input.id_empresa,
        idGrupo: input.id_grupo,
        idPerfil: input.id_perfil,
        idRegional,
        ativo: input.id_status,
        telefone: input.telefone,
        cnpj: input.cnpj,
        ...(passwordHash && { passwordHash, trocarSenha: 0 }),
      };
      const row = before
        ? await updateUser(tx, before, values)
        : await insertUser(tx, { ...values, passwordHash: passwordHash! });
      await replaceRegionals(tx, row.id, regionalIds);
      // A deactivation ends the sessions already open with the old state.
      if (before && before.id_status && !input.id_status) await revokeAllSessions(tx, before.id);

      const after = (await findUser(tx, row.id))!;
      await writeAudit(tx, {
        idUsuario: ctx.user.id,
        acao: before ? 'editar' : 'criar',
        entidade: 'usuario',
        entidadeId: after.id,
        antes: before ?? null,
        depois: after,
        ip: ctx.ip,
      });
      return after;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw unprocessable(EMAIL_TAKEN, 'email');
    throw err;
  }
}
