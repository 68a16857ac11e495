import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { regionaisForRole, type UserSaveBody } from '@portal/domain';
import { writeAudit } from '../../../audit/audit.ts';
import { hashPassword } from '../../../auth/passwords.ts';
import { revokeAllSessions } from '../../../auth/sessions.ts';
import { usuarios } from '../../../db/schema.ts';
import { notFound, unprocessable } from '../../../http/errors.ts';
import type { AdminContext } from '../shared/context.ts';
import { isUniqueViolation } from '../shared/db-errors.ts';
import { lockVersion, updatedOrStale } from '../shared/version.ts';
import {
  companyExists,
  emailTaken,
  existingRegionals,
  findGroupKind,
  findUser,
  replaceRegionals,
  type UserDto,
} from './repo.ts';

export const EMAIL_TAKEN = 'E-mail já cadastrado.';
export const SELF_DEACTIVATION = 'Você não pode desativar o seu próprio usuário.';

/**
 * usuarios/add and usuarios/edit (spec part 2 §5 user form). A password set here is temporary:
 * trocar_senha becomes 0, so the user must choose their own at the next sign-in. A user created
 * without one gets an unguessable random password (and an e-mail to create theirs; see routes).
 */
export async function saveUser(
  ctx: AdminContext,
  input: UserSaveBody,
  mode: 'add' | 'edit',
): Promise<{ user: UserDto; createdWithoutPassword: boolean }> {
  const email = input.email.trim().toLowerCase();
  const newPassword = input.password ?? (mode === 'add' ? randomBytes(24).toString('base64url') : undefined);
  // Hash before the transaction: nothing but the database may be awaited inside one (PGlite is one connection).
  const passwordHash = newPassword === undefined ? undefined : await hashPassword(newPassword);

  try {
    const user = await ctx.db.transaction(async (tx) => {
      const before = mode === 'edit' ? await findUser(tx, input.id!) : undefined;
      if (mode === 'edit' && !before) throw notFound('Usuário não encontrado.');
      const lock = before && lockVersion(usuarios.version, before.version, input.version);
      if (before?.id === ctx.user.id && !input.id_status) throw unprocessable(SELF_DEACTIVATION, 'id_status');
      if (await emailTaken(tx, email, before?.id)) throw unprocessable(EMAIL_TAKEN, 'email');

      const papel = await findGroupKind(tx, input.id_grupo);
      if (!papel) throw unprocessable('Grupo de Acesso não encontrado.', 'id_grupo');
      if (!(await companyExists(tx, input.id_empresa)))
        throw unprocessable('Empresa não encontrada.', 'id_empresa');

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
        ...(passwordHash && { passwordHash, trocarSenha: 0 }),
      };
      const row = lock
        ? updatedOrStale(
            await tx
              .update(usuarios)
              .set({ ...values, ...lock.bump })
              .where(and(eq(usuarios.id, before.id), lock.where))
              .returning({ id: usuarios.id }),
          )
        : (
            await tx
              .insert(usuarios)
              .values({ ...values, passwordHash: passwordHash! })
              .returning({ id: usuarios.id })
          )[0]!;
      await replaceRegionals(tx, row.id, regionalIds);
      // A new password or a deactivation ends the sessions already open with the old state.
      if (before && (passwordHash || (before.id_status && !input.id_status)))
        await revokeAllSessions(tx, before.id);

      const after = (await findUser(tx, row.id))!;
      await writeAudit(tx, {
        idUsuario: ctx.user.id,
        acao: before ? 'editar' : 'criar',
        entidade: 'usuario',
        entidadeId: after.id,
        antes: before ?? null,
        // The hash never goes to the audit; only the fact that an administrator set a password.
        depois: { ...after, senha_definida: input.password !== undefined },
        ip: ctx.ip,
      });
      return after;
    });
    return { user, createdWithoutPassword: mode === 'add' && input.password === undefined };
  } catch (err) {
    if (isUniqueViolation(err)) throw unprocessable(EMAIL_TAKEN, 'email');
    throw err;
  }
}
