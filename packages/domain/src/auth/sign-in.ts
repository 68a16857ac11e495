import * as z from 'zod/mini';
import { PERMISSION_FLAGS, ROLE_KIND_KEYS, type RoleKind } from '../access/groups.ts';

/*
 * The sign-in body and the session user, in zod/mini and in a file of their own: the sign-in page
 * loads them before the rest of the app, and classic zod, or a module sharing a file with it, would
 * double what that page downloads. The server takes both kinds of schema alike.
 */

export const loginBody = z.object({
  email: z
    .string({ error: 'Informe o e-mail.' })
    .check(
      z.trim(),
      z.minLength(1, 'Informe o e-mail.'),
      z.maxLength(200, 'O e-mail pode ter no máximo 200 caracteres.'),
    ),
  password: z
    .string({ error: 'Informe a senha.' })
    .check(
      z.minLength(1, 'Informe a senha.'),
      z.maxLength(128, 'A senha pode ter no máximo 128 caracteres.'),
    ),
});
export type LoginBody = z.infer<typeof loginBody>;

export const permissionsSchema = z.object(
  Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, z.boolean()])) as Record<
    (typeof PERMISSION_FLAGS)[number],
    z.ZodMiniBoolean
  >,
);

/** The signed-in user as `login` and `validate` return it (spec part 1 §3 Session user). */
export const sessionUserSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  telefone: z.nullable(z.string()),
  cnpj: z.nullable(z.string()),
  empresa: z.nullable(z.number()),
  razao_social: z.nullable(z.string()),
  grupo: z.number(),
  grupo_nome: z.string(),
  papel: z.enum(ROLE_KIND_KEYS as [RoleKind, ...RoleKind[]]),
  permissoes: permissionsSchema,
  perfil: z.number(),
  trocar_senha: z.number(),
  id_regional: z.nullable(z.number()),
  regionais: z.array(z.number()),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;
