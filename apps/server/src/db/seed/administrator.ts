import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { FIELD_MAX, GROUP, PROFILE, passwordSchema, requiredEmail, requiredText } from '@portal/domain';
import { writeAudit } from '../../audit/audit.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { isUniqueViolation } from '../errors.ts';
import { StartupError } from '../../startup/startup-error.ts';
import type { Database } from '../client.ts';
import { usuarios } from '../schema.ts';

export const DEFAULT_ADMIN_NAME = 'Administrador';

const administratorInput = z.object({
  email: requiredEmail('E-mail'),
  name: requiredText(FIELD_MAX.name, 'Nome'),
  password: passwordSchema,
});
export type AdministratorInput = z.infer<typeof administratorInput>;

/** The variable an operator sets for each field, named in the refusal so they know what to fix. */
const SOURCE = { email: 'ADMIN_EMAIL', name: 'ADMIN_NAME', password: 'ADMIN_PASSWORD' } as const;

/** Validates what the operator gave (e-mail, name, and the domain's password rules). */
export function parseAdministrator(raw: {
  email?: string;
  name?: string;
  password?: string;
}): AdministratorInput {
  const result = administratorInput.safeParse({ ...raw, name: raw.name || DEFAULT_ADMIN_NAME });
  if (result.success) return { ...result.data, email: result.data.email.toLowerCase() };
  const issue = result.error.issues[0]!;
  const source = SOURCE[issue.path[0] as keyof typeof SOURCE];
  throw new StartupError(`Administrador não criado: ${issue.message} (${source})`);
}

/**
 * - created: the administrator now exists;
 * - already-administrator: that e-mail already belongs to a profile-1 user (nothing changed);
 * - email-taken: that e-mail belongs to a user who is not an administrator (nothing changed);
 * - database-has-users: asked for the first administrator, but the database already has users.
 */
export type AdministratorOutcome = 'created' | 'already-administrator' | 'email-taken' | 'database-has-users';

/**
 * Creates a profile-1 user of the cell group, with no company, who must choose a new password at
 * the first sign-in (trocar_senha 0). Never touches an existing user: it is safe to run again.
 * `onlyIntoEmptyDatabase` is the start-up path (ADMIN_EMAIL/ADMIN_PASSWORD): the first user only.
 */
export async function createAdministrator(
  db: Database,
  input: AdministratorInput,
  { onlyIntoEmptyDatabase = false } = {},
): Promise<AdministratorOutcome> {
  // Hash before the transaction: nothing but the database may be awaited inside one (PGlite is one connection).
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      // Two instances starting together must not both see an empty table.
      await tx.execute(sql`lock table usuarios in share row exclusive mode`);
      if (onlyIntoEmptyDatabase && (await tx.select({ id: usuarios.id }).from(usuarios).limit(1)).length) {
        return 'database-has-users';
      }
      const [existing] = await tx
        .select({ idPerfil: usuarios.idPerfil })
        .from(usuarios)
        .where(eq(sql`lower(${usuarios.email})`, input.email));
      if (existing)
        return existing.idPerfil === PROFILE.ADMINISTRADOR ? 'already-administrator' : 'email-taken';
      const values = {
        name: input.name,
        email: input.email,
        idGrupo: GROUP.CELULA,
        idPerfil: PROFILE.ADMINISTRADOR,
        trocarSenha: 0,
      };
      const [created] = await tx
        .insert(usuarios)
        .values({ ...values, passwordHash })
        .returning({ id: usuarios.id });
      await writeAudit(tx, {
        idUsuario: null,
        acao: 'criar',
        entidade: 'usuario',
        entidadeId: created!.id,
        depois: values,
      });
      return 'created';
    });
  } catch (err) {
    if (isUniqueViolation(err)) return 'email-taken';
    throw err;
  }
}
