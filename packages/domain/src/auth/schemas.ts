import { z } from 'zod';
import { passwordSchema, SAME_PASSWORD } from './password.ts';
import { PERMISSION_FLAGS, ROLE_KIND_KEYS, type RoleKind } from '../access/groups.ts';

const email = z.email({ error: 'E-mail inválido.' }).max(200, 'O e-mail pode ter no máximo 200 caracteres.');

export const loginBody = z.object({
  email: z.string({ error: 'Informe o e-mail.' }).trim().min(1, 'Informe o e-mail.').max(200, 'O e-mail pode ter no máximo 200 caracteres.'),
  password: z.string({ error: 'Informe a senha.' }).min(1, 'Informe a senha.').max(128, 'A senha pode ter no máximo 128 caracteres.'),
});
export type LoginBody = z.infer<typeof loginBody>;

/**
 * change-password: the signed-in user sets a new password, proving the current one (a session
 * left open is not enough to take the account); the e-mail comes from the session.
 */
export const changePasswordBody = z
  .object({
    senha_atual: z
      .string({ error: 'Informe a senha atual.' })
      .min(1, 'Informe a senha atual.')
      .max(128, 'A senha pode ter no máximo 128 caracteres.'),
    password: passwordSchema,
    email: z.string().optional(),
  })
  .refine((body) => body.password !== body.senha_atual, { message: SAME_PASSWORD, path: ['password'] });
export const lostPasswordBody = z.object({ email });
export const resetPasswordBody = z.object({
  hash: z.string({ error: 'Link inválido.' }).min(1, 'Link inválido.').max(200, 'Link inválido.'),
  password: passwordSchema,
});

export const permissionsSchema = z.object(
  Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, z.boolean()])) as Record<(typeof PERMISSION_FLAGS)[number], z.ZodBoolean>,
);

/** The signed-in user as `login` and `validate` return it (spec part 1 §3 Session user). */
export const sessionUserSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  telefone: z.string().nullable(),
  cnpj: z.string().nullable(),
  empresa: z.number().nullable(),
  razao_social: z.string().nullable(),
  grupo: z.number(),
  grupo_nome: z.string(),
  papel: z.enum(ROLE_KIND_KEYS as [RoleKind, ...RoleKind[]]),
  permissoes: permissionsSchema,
  perfil: z.number(),
  trocar_senha: z.number(),
  id_regional: z.number().nullable(),
  regionais: z.array(z.number()),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;
